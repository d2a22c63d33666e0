import { useState } from "react";
import { FileDown } from "lucide-react";
import { apiErrorMessage } from "../lib/api-error";
import { Button } from "./ui/button";

/**
 * "Download PDF" of an invoice or an estimate: `download` fetches the file and hands it to the browser. While it runs
 * the button says so; a refusal is said beside it.
 */
export function DownloadPdfButton({
  download,
  disabledReason,
  label = "Download PDF",
}: {
  download: () => Promise<void>;
  /** The button's words when there is more than one PDF to tell apart (an attachment's file name). */
  label?: string;
  /** Why the PDF would not be what the page shows (unsaved changes): the button waits. */
  disabledReason?: string | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await download();
    } catch (error) {
      setProblem(apiErrorMessage(error, "The PDF could not be downloaded. Try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        disabled={busy || disabledReason !== undefined}
        title={disabledReason}
        onClick={() => void start()}
      >
        <FileDown aria-hidden="true" /> {busy ? "Preparing PDF…" : label}
      </Button>
      {problem ? (
        <span role="alert" className="text-sm text-destructive">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
