import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from "react";

export const APP_NAME = "FieldOps";
/** The logo links to the industries page. */
export const LOGO_PATH = "/industries";

/** The name after each page's title in the browser tab: the product's, or a white-label tenant's own. */
const TitleBrand = createContext<string>(APP_NAME);

/** Names the browser tab after the page, then the brand (once: a title that already ends with it keeps it). */
export function usePageTitle(title: string): void {
  const brand = useContext(TitleBrand);
  useEffect(() => {
    const suffix = ` · ${brand}`;
    document.title = title.endsWith(suffix) ? title : `${title}${suffix}`;
  }, [title, brand]);
}

/** The pages inside carry `brand` in their titles instead of the product's name; the tab shows it before they name it. */
export function TitleBrandProvider({ brand, children }: { brand: string; children: ReactNode }) {
  // A layout effect runs before the pages' own (passive) effects, which then name the tab after the page.
  useLayoutEffect(() => {
    document.title = brand;
  }, [brand]);
  return <TitleBrand.Provider value={brand}>{children}</TitleBrand.Provider>;
}
