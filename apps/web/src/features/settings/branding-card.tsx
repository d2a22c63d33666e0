import { useRef, useState } from "react";
import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES, type CompanyProfile } from "@fieldops/shared/company-settings";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { readFileAsBase64 } from "../../lib/read-file";
import { apiErrorMessage } from "../../lib/api-error";
import { useRemoveLogo, useUploadLogo } from "./settings-queries";

/** The company's logo: shown from the server, replaced by an upload (PNG, JPEG or WebP, 512 KB at most). */
export function BrandingCard({ profile }: { profile: CompanyProfile }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const type = LOGO_CONTENT_TYPES.find((accepted) => accepted === file.type);
    if (!type) return setProblem("Choose a PNG, JPEG or WebP image.");
    if (file.size > LOGO_MAX_BYTES) return setProblem("The logo can be 512 KB at most.");
    upload.mutate({ body: { fileName: file.name, contentType: type, dataBase64: await readFileAsBase64(file) } });
  };
  const error =
    problem ?? (upload.isError ? apiErrorMessage(upload.error) : remove.isError ? apiErrorMessage(remove.error) : null);
  return (
    <Card role="region" aria-labelledby="branding-title">
      <CardHeader>
        <CardTitle id="branding-title">Branding</CardTitle>
        <CardDescription>
          Your logo on invoices, the review page and the customer portal, beside your primary colour.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        <div
          className="flex size-20 items-center justify-center overflow-hidden rounded-lg border"
          style={{ borderColor: profile.branding.primaryColor }}
        >
          {profile.branding.logo ? (
            <img
              src={profile.branding.logo}
              alt={`${profile.name} logo`}
              className="max-h-full max-w-full object-contain"
            />
          ) : (
            <span className="text-2xl font-semibold" aria-hidden="true">
              {profile.name.slice(0, 1)}
            </span>
          )}
        </div>
        {profile.canEdit ? (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept={LOGO_CONTENT_TYPES.join(",")}
              className="sr-only"
              aria-label="Logo file"
              onChange={(event) => void choose(event.target.files?.[0])}
            />
            <Button variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
              {upload.isPending ? "Uploading…" : "Upload logo"}
            </Button>
            {profile.branding.logo ? (
              <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate({})}>
                Remove logo
              </Button>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
