import { fieldAppEndpoints } from "@fieldops/shared/field-app";
import { ErrorBlock } from "../../components/load-state";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { apiErrorMessage } from "../../lib/api-error";
import { useEndpointQuery } from "../../lib/endpoints";
import { formatWhen } from "./format";

/**
 * The photos and the customer's signature the crew took on the job's visits (the field app). Read under the jobs'
 * key, so a crew's new photo shows here live (`jobs.changed`).
 */
export function JobPhotos({ jobId, timeZone }: { jobId: string; timeZone: string }) {
  const files = useEndpointQuery(fieldAppEndpoints.jobFiles, { params: { id: jobId } });
  const photos = files.data?.files.filter((file) => file.kind === "photo") ?? [];
  const signatures = files.data?.files.filter((file) => file.kind === "signature") ?? [];
  return (
    <Card role="region" aria-labelledby="photos-title">
      <CardHeader>
        <CardTitle id="photos-title">Photos</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {files.isError ? (
          <ErrorBlock
            title={apiErrorMessage(files.error, "The photos could not be loaded")}
            retry={() => void files.refetch()}
            busy={files.isFetching}
          />
        ) : null}
        {files.isSuccess && photos.length === 0 && signatures.length === 0 ? (
          <p className="text-sm text-muted-foreground">No photos yet.</p>
        ) : null}
        {photos.length > 0 ? (
          <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {photos.map((photo) => (
              <li key={photo.id} className="grid gap-1">
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.url}
                    alt={`Photo by ${photo.takenByName ?? "the crew"}, ${formatWhen(photo.takenAt, timeZone)}`}
                    loading="lazy"
                    className="aspect-square w-full rounded-md bg-muted object-cover"
                  />
                </a>
                <p className="text-xs text-muted-foreground">
                  {photo.takenByName ?? "The crew"} · {formatWhen(photo.takenAt, timeZone)}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {signatures.map((signature) => (
          <figure key={signature.id} className="grid max-w-sm gap-1">
            <img
              src={signature.url}
              alt={`Signature of ${signature.signerName ?? "the customer"}`}
              className="h-28 w-full rounded-md border bg-white object-contain"
            />
            <figcaption className="text-sm">
              Signed by <strong>{signature.signerName}</strong>{" "}
              <time dateTime={signature.takenAt} className="text-xs text-muted-foreground">
                {formatWhen(signature.takenAt, timeZone)}
              </time>
            </figcaption>
          </figure>
        ))}
      </CardContent>
    </Card>
  );
}
