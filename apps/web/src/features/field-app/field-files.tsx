import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from "react";
import type SignaturePad from "signature_pad";
import type { FieldVisit, VisitFile } from "@fieldops/shared/field-app";
import { Button } from "../../components/ui/button";
import { useDeviceQuery } from "../../hooks/use-device-query";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { isPending, pendingKey } from "./field-actions";
import { useFieldAct } from "./field-app-data";
import { formatClock } from "./field-format";
import { waitingFile } from "./field-outbox";
import { compressPhoto } from "./field-photo";

/** The image of a photo or signature: the server's, or while it waits to sync, the one kept on the device. */
function FileImage({ file, alt, className }: { file: VisitFile; alt: string; className: string }) {
  const waiting = isPending(file.id);
  const blob = useDeviceQuery(`file:${file.id}:${waiting}`, async () =>
    waiting ? waitingFile(pendingKey(file.id)) : undefined,
  );
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    setLocalUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  const src = waiting ? localUrl : file.url;
  return src ? <img src={src} alt={alt} className={className} /> : <div className={className} aria-hidden="true" />;
}

function takenLine(file: VisitFile, timeZone: string): string {
  return isPending(file.id)
    ? `You · ${formatClock(file.takenAt, timeZone)} · waiting to sync`
    : `${file.takenByName ?? "Someone"} · ${formatClock(file.takenAt, timeZone)}`;
}

/** Says that the phone could not keep or read a photo: nothing was recorded. */
const PHOTO_NOT_KEPT = "This photo could not be kept: check the phone's free storage, or try another photo.";

/** The job's photos, the ones waiting to sync shown from the device, and Add photo (the camera on a phone). */
export function FieldPhotos({ visit, timeZone, userId }: { visit: FieldVisit; timeZone: string; userId: string }) {
  const act = useFieldAct(userId);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const photos = visit.files.filter((file) => file.kind === "photo");
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = [...(input.files ?? [])];
    input.value = "";
    if (chosen.length === 0) return;
    setSaving(true);
    void (async () => {
      try {
        for (const file of chosen) {
          const { blob, contentType } = await compressPhoto(file);
          await act({ kind: "photo", visitId: visit.id, contentType, size: blob.size }, visit, blob);
        }
        setFailed(false);
      } catch {
        setFailed(true);
      } finally {
        setSaving(false);
      }
    })();
  };
  return (
    <>
      {photos.length === 0 ? (
        <p className="text-sm text-muted-foreground">No photos yet.</p>
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label="Photos">
          {photos.map((photo, index) => (
            <li key={photo.id} className="grid gap-1">
              <FileImage
                file={photo}
                alt={`Photo ${index + 1}`}
                className="aspect-square w-full rounded-md bg-muted object-cover"
              />
              <p className="text-xs text-muted-foreground">{takenLine(photo, timeZone)}</p>
            </li>
          ))}
        </ul>
      )}
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {PHOTO_NOT_KEPT}
        </p>
      ) : null}
      <div className="mt-3">
        <Label
          htmlFor="field-photo"
          className="inline-flex min-h-11 cursor-pointer items-center rounded-md border px-4 font-medium"
        >
          {saving ? "Keeping the photo…" : "Add photo"}
        </Label>
        <input
          id="field-photo"
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          className="sr-only"
          disabled={saving}
          onChange={add}
        />
      </div>
    </>
  );
}

/** Draws on a canvas sized to the pixels it shows, so that a stroke lands under the finger. */
function useSignaturePad(canvas: RefObject<HTMLCanvasElement | null>, onChange: (empty: boolean) => void) {
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    if (!element) return;
    void import("signature_pad").then(({ default: Pad }) => {
      if (cancelled) return;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      const created = new Pad(element);
      created.addEventListener("endStroke", () => onChange(created.isEmpty()));
      pad.current = created;
      // For who waits to draw (an end-to-end test): the pad takes strokes from now on.
      element.dataset.ready = "true";
    });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
  }, [canvas, onChange]);
  return pad;
}

/** The customer's signature: once saved (and until then, the pad with who signs and Save). */
export function FieldSignature({ visit, timeZone, userId }: { visit: FieldVisit; timeZone: string; userId: string }) {
  const signature = visit.files.findLast((file) => file.kind === "signature");
  if (signature) {
    return (
      <figure className="grid gap-1">
        <FileImage
          file={signature}
          alt={`Signature of ${signature.signerName ?? "the customer"}`}
          className="h-32 w-full rounded-md border bg-white object-contain"
        />
        <figcaption className="text-sm">
          Signed by <strong>{signature.signerName}</strong>
          <span className="block text-xs text-muted-foreground">{takenLine(signature, timeZone)}</span>
        </figcaption>
      </figure>
    );
  }
  return <SignatureForm visit={visit} userId={userId} />;
}

function SignatureForm({ visit, userId }: { visit: FieldVisit; userId: string }) {
  const act = useFieldAct(userId);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [empty, setEmpty] = useState(true);
  const pad = useSignaturePad(canvas, setEmpty);
  const [signer, setSigner] = useState("");
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = signer.trim();
    const element = canvas.current;
    if (!name || !element || !pad.current || pad.current.isEmpty()) return;
    setSaving(true);
    new Promise<Blob | null>((resolve) => element.toBlob(resolve, "image/png"))
      .then((blob) => {
        if (!blob) throw new Error("The signature could not be read");
        return act(
          { kind: "signature", visitId: visit.id, contentType: "image/png", size: blob.size, signerName: name },
          visit,
          blob,
        );
      })
      .then(() => setFailed(false))
      .catch(() => setFailed(true))
      .finally(() => setSaving(false));
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <canvas
        ref={canvas}
        role="img"
        aria-label="Signature pad: the customer signs here with a finger"
        className="h-40 w-full touch-none rounded-md border bg-white"
      />
      <div className="flex justify-end">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
          }}
        >
          Clear
        </Button>
      </div>
      <Label htmlFor="field-signer">Name of who signs</Label>
      <Input
        id="field-signer"
        value={signer}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => setSigner(event.target.value)}
      />
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          This phone could not keep the signature: check its free storage and try again.
        </p>
      ) : null}
      <Button type="submit" disabled={saving || empty || signer.trim() === ""}>
        Save signature
      </Button>
    </form>
  );
}
