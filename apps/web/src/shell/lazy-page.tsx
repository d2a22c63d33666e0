import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { FullPageLoader } from "./full-page-loader";

/** The props a function component takes (none: an empty object). */
type PropsOf<Component> = Component extends (props: infer Props) => ReactNode
  ? unknown extends Props
    ? object
    : Props
  : never;

/**
 * The component `name` of a module fetched the first time it is shown (its own chunk, with whatever only it uses:
 * charts, maps, markdown), with the loader in its place meanwhile.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): ComponentType<PropsOf<Module[Name]>> {
  const Loaded = lazy(async () => ({
    default: (await load())[name] as ComponentType<PropsOf<Module[Name]>>,
  }));
  return function LazyPage(props: PropsOf<Module[Name]>) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
