import { useId, type FormEvent, type ReactNode } from "react";
import { apiErrorMessage } from "../lib/api-error";
import { Alert, AlertDescription } from "./ui/alert";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./ui/dialog";

/**
 * A dialog around one form: title, description, the fields, the refusal (a string the form found, or the server's
 * answer, or `errorFallback` when no answer came), Cancel and the confirming button, which shows
 * its pending label while the request runs and is disabled while `confirmDisabled` (nothing chosen yet). A schema
 * form passes its `handleSubmit(...)` as `onSubmit` and `noValidate`: its fields show their own errors.
 */
export function FormDialog({
  title,
  description,
  confirm,
  pendingLabel,
  destructive,
  wide,
  confirmDisabled,
  errorFallback,
  noValidate,
  onOpenChange,
  onSubmit,
  pending,
  error,
  children,
}: {
  title: string;
  description: string;
  confirm: string;
  pendingLabel: string;
  destructive?: boolean;
  wide?: boolean;
  confirmDisabled?: boolean;
  errorFallback?: string;
  noValidate?: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  pending: boolean;
  error: unknown;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit(event);
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className={`max-h-[90vh] overflow-y-auto ${wide ? "max-w-2xl" : "max-w-md"}`}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form id={id} className="grid gap-3" onSubmit={submit} noValidate={noValidate}>
          {children}
          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {typeof error === "string" ? error : apiErrorMessage(error, errorFallback)}
              </AlertDescription>
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={id}
            variant={destructive ? "destructive" : "default"}
            disabled={pending || confirmDisabled}
          >
            {pending ? pendingLabel : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
