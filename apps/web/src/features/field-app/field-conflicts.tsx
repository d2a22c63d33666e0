import { FIELD_APP_PATH } from "@fieldops/shared/app-paths";
import { useEffect, useState, type ReactNode } from "react";
import { AlertTriangle, Download, Info } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { useTerms } from "../../lib/terms";
import { useFieldConflicts } from "./field-app-data";
import { conflictMessage, dismissConflict, waitingFile, type FieldConflict } from "./field-outbox";

/**
 * What the server refused when the technician's actions were sent (a visit the office canceled or moved meanwhile),
 * and the notes, photos and signatures it added to the job although the office had moved the visit to another crew:
 * each says what happened, until dismissed. On a visit's page, that visit's; elsewhere, all, each naming its visit
 * (a link to it, unless it is no longer the crew's).
 */
export function FieldConflicts({ userId, visitId }: { userId: string; visitId?: string }) {
  const terms = useTerms();
  const conflicts = useFieldConflicts(userId).filter((conflict) => !visitId || conflict.visitId === visitId);
  const refused = conflicts.filter((conflict) => !conflict.kept);
  const kept = conflicts.filter((conflict) => conflict.kept);
  return (
    <>
      {refused.length > 0 ? (
        <ConflictList
          title="Not applied"
          icon={<AlertTriangle className="size-4 text-destructive" aria-hidden="true" />}
          className="border-destructive/50"
          conflicts={refused}
          jobTerm={terms.job}
          named={visitId ? false : "linked"}
        />
      ) : null}
      {kept.length > 0 ? (
        <ConflictList
          title={`Added to the ${terms.job.toLowerCase()}, visit moved`}
          icon={<Info className="size-4 text-primary" aria-hidden="true" />}
          className="border-primary/50"
          conflicts={kept}
          jobTerm={terms.job}
          named={visitId ? false : "plain"}
        />
      ) : null}
    </>
  );
}

function ConflictList(props: {
  title: string;
  icon: ReactNode;
  className: string;
  conflicts: FieldConflict[];
  jobTerm: string;
  /** Whether each names its visit, and as a link. */
  named: false | "linked" | "plain";
}) {
  return (
    <section aria-label={props.title} className={`grid gap-2 rounded-lg border bg-card p-3 ${props.className}`}>
      <h2 className="flex items-center gap-2 font-semibold">
        {props.icon}
        {props.title}
      </h2>
      <ul className="grid gap-2">
        {props.conflicts.map((conflict) => (
          <li key={conflict.id} role="alert" className="grid gap-1">
            <p>
              {props.named === "linked" ? (
                <Link to={`${FIELD_APP_PATH}/jobs/${conflict.visitId}`} className="font-medium underline">
                  {conflict.visitTitle}
                </Link>
              ) : props.named === "plain" ? (
                <span className="font-medium">{conflict.visitTitle}</span>
              ) : null}
              {props.named ? ": " : null}
              {conflictMessage(conflict, props.jobTerm)}
            </p>
            {conflict.fileKey ? <RefusedImage fileKey={conflict.fileKey} what={conflict.what} /> : null}
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              onClick={() => void dismissConflict(conflict.id!)}
            >
              {conflict.fileKey ? "Dismiss and delete it from this phone" : "Dismiss"}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The image of a photo or signature the server refused, as it is kept on the phone: the technician sees what it was
 * and can save it (to send it to the office another way) before dismissing it.
 */
function RefusedImage({ fileKey, what }: { fileKey: string; what: string }) {
  const [image, setImage] = useState<{ url: string; fileName: string } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    void waitingFile(fileKey).then((blob) => {
      if (!blob || !current) return;
      url = URL.createObjectURL(blob);
      setImage({ url, fileName: `${fileKey}.${blob.type.split("/")[1]?.replace("jpeg", "jpg") ?? "img"}` });
    });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileKey]);
  if (!image) return null;
  return (
    <div className="flex items-end gap-3">
      <img
        src={image.url}
        alt={`${what}, kept on this phone`}
        className="h-24 w-auto rounded border bg-white object-contain"
      />
      <a
        href={image.url}
        download={image.fileName}
        className="inline-flex items-center gap-1 text-sm font-medium underline"
      >
        <Download className="size-4" aria-hidden="true" />
        Save to this phone
      </a>
    </div>
  );
}
