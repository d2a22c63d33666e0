import { useId, type FormEvent, type ReactNode } from "react";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { errorMessage } from "./billing-parts";

/**
 * A dialog around one form: title, description, the fields, the refusal (a string the form found, or the server's
 * answer), Cancel and the confirming button, which shows its pending label while the request runs.
 */
export function FormDialog({
  title,
  description,
  confirm,
  pendingLabel,
  destructive,
  wide,
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
  onOpenChange: (open: boolean) => void;
  onSubmit: () => void;
  pending: boolean;
  error: unknown;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className={wide ? "max-w-2xl" : "max-w-md"}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form id={id} className="grid gap-3" onSubmit={submit}>
          {children}
          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{typeof error === "string" ? error : errorMessage(error)}</AlertDescription>
            </Alert>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={id} variant={destructive ? "destructive" : "default"} disabled={pending}>
            {pending ? pendingLabel : confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
