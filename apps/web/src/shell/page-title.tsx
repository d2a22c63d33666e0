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

/**
 * The pages inside carry `brand` in their titles instead of the product's name, and the tab shows `icon` (or none)
 * instead of the product's; the tab shows the brand before the pages name it.
 */
export function TitleBrandProvider({
  brand,
  icon,
  children,
}: {
  brand: string;
  icon: string | null;
  children: ReactNode;
}) {
  // A layout effect runs before the pages' own (passive) effects, which then name the tab after the page.
  useLayoutEffect(() => {
    document.title = brand;
  }, [brand]);
  useLayoutEffect(() => {
    const productIcons = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
    productIcons.forEach((link) => link.remove());
    const own = icon ? Object.assign(document.createElement("link"), { rel: "icon", href: icon }) : null;
    if (own) document.head.append(own);
    return () => {
      own?.remove();
      document.head.append(...productIcons);
    };
  }, [icon]);
  return <TitleBrand.Provider value={brand}>{children}</TitleBrand.Provider>;
}
