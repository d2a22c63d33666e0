import { Link } from "react-router";
import type { CustomObjectDefinition, CustomRecord } from "@fieldops/shared/custom-objects";
import { formatCustomValue, listedFields } from "./custom-object-access";
import { CustomRecordLinkView } from "./custom-record-links";
import { DataTable } from "../../components/data-table";

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
      <DataTable
        caption={object.pluralName}
        rows={records}
        rowKey={(record) => record.id}
        columns={[
          {
            id: "title",
            header: object.fields[0]?.label ?? object.name,
            cell: (record) => (
              <Link
                to={`/custom/${object.key}/${record.id}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {record.title}
              </Link>
            ),
          },
          ...fields.map((field) => ({
            id: `field-${field.key}`,
            header: field.label,
            cell: (record: CustomRecord) => formatCustomValue(field, record.values[field.key]),
          })),
          ...relations.map((relation) => ({
            id: `relation-${relation.key}`,
            header: relation.label,
            cell: (record: CustomRecord) => {
              const link = record.links[relation.key];
              return link ? <CustomRecordLinkView link={link} /> : null;
            },
          })),
        ]}
      />
    </div>
  );
}
