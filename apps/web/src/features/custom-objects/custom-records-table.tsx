import { Link } from "react-router";
import type { CustomObjectDefinition, CustomRecord } from "@fieldops/shared/custom-objects";
import { formatCustomValue, listedFields } from "./custom-object-access";
import { CustomRecordLinkView } from "./custom-record-links";

/** A table of records: the title linking to the record, a few fields and the relations not implied by the page. */
export function CustomRecordsTable({
  object,
  records,
  hideRelations = [],
}: {
  object: CustomObjectDefinition;
  records: readonly CustomRecord[];
  hideRelations?: readonly string[];
}) {
  const fields = listedFields(object).slice(1);
  const relations = object.relations.filter((relation) => !hideRelations.includes(relation.key));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{object.pluralName}</caption>
        <thead>
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-4 font-medium">
              {object.fields[0]?.label ?? object.name}
            </th>
            {fields.map((field) => (
              <th key={field.key} scope="col" className="py-2 pr-4 font-medium">
                {field.label}
              </th>
            ))}
            {relations.map((relation) => (
              <th key={relation.key} scope="col" className="py-2 pr-4 font-medium">
                {relation.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-b last:border-0">
              <td className="py-2 pr-4">
                <Link
                  to={`/custom/${object.key}/${record.id}`}
                  className="font-medium underline-offset-4 hover:underline"
                >
                  {record.title}
                </Link>
              </td>
              {fields.map((field) => (
                <td key={field.key} className="py-2 pr-4">
                  {formatCustomValue(field, record.values[field.key])}
                </td>
              ))}
              {relations.map((relation) => {
                const link = record.links[relation.key];
                return (
                  <td key={relation.key} className="py-2 pr-4">
                    {link ? <CustomRecordLinkView link={link} /> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
