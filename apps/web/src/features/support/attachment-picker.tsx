import {
  ATTACHMENT_CONTENT_TYPES,
  ATTACHMENT_MAX_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  type AttachmentUpload,
} from "@fieldops/shared/support";
import { Button } from "../../components/ui/button";
import { readFileAsBase64 } from "../../lib/read-file";

/** Files to send with a message: checked here for type, size and count as the server checks them. */
export function AttachmentPicker({
  id,
  files,
  onChange,
  onProblem,
}: {
  id: string;
  files: AttachmentUpload[];
  onChange: (files: AttachmentUpload[]) => void;
  onProblem: (problem: string | null) => void;
}) {
  const add = async (list: FileList | null) => {
    onProblem(null);
    const chosen = [...(list ?? [])];
    if (files.length + chosen.length > MAX_ATTACHMENTS_PER_MESSAGE)
      return onProblem(`At most ${MAX_ATTACHMENTS_PER_MESSAGE} files a message.`);
    const added: AttachmentUpload[] = [];
    for (const file of chosen) {
      const type = ATTACHMENT_CONTENT_TYPES.find((accepted) => accepted === file.type);
      if (!type) return onProblem(`${file.name}: attach images (PNG, JPEG, WebP), PDFs or text files.`);
      if (file.size > ATTACHMENT_MAX_BYTES) return onProblem(`${file.name} is larger than 512 KB.`);
      added.push({ fileName: file.name, contentType: type, dataBase64: await readFileAsBase64(file) });
    }
    onChange([...files, ...added]);
  };
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Attachments (up to {MAX_ATTACHMENTS_PER_MESSAGE}, 512 KB each)
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={ATTACHMENT_CONTENT_TYPES.join(",")}
        className="text-sm"
        onChange={(event) => {
          void add(event.target.files);
          event.target.value = "";
        }}
      />
      {files.length > 0 ? (
        <ul className="flex flex-wrap gap-2 text-sm">
          {files.map((file, index) => (
            <li key={`${file.fileName}-${index}`} className="flex items-center gap-1 rounded border px-2 py-1">
              {file.fileName}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${file.fileName}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
