import { closeAppModal } from "../../lib/app-modals";
import { useBuildModalState } from "../../lib/build-modal";
import { useUser } from "../../lib/session";
import { BuildQuoteDialog } from "./build-quote-dialog";
import { BuildRefineDialog } from "./build-refine-dialog";

/** The builder's modals: `builder.confirm` is the quote dialog, `builder.refine` the spec's editor. */
export function BuildModalHost({ target }: { target: "builder.confirm" | "builder.refine" }) {
  const build = useBuildModalState();
  const user = useUser();
  const companyId = user.data?.companyId;
  if (!companyId) return null;
  if (target === "builder.refine")
    return <BuildRefineDialog key={build.proposalId ?? "none"} build={build} onClose={closeAppModal} />;
  return (
    <BuildQuoteDialog key={build.proposalId ?? "none"} build={build} companyId={companyId} onClose={closeAppModal} />
  );
}
