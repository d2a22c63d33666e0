import type { CSSProperties } from "react";

const HEX_COLOR = /^#([0-9a-f]{6})$/i;

function relativeLuminance(hex: string): number {
  const channels = [0, 2, 4].map((at) => parseInt(hex.slice(1 + at, 3 + at), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `hex`: one of them always reaches a 4.5:1 contrast. */
export function readableOn(hex: string): "#000000" | "#ffffff" {
  const luminance = relativeLuminance(hex);
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff";
}

/**
 * The CSS variables that carry a tenant's brand colour: `--tenant-primary`, and the sidebar's primary colour with a
 * foreground that stays readable on it. The page's own primary colour is left alone, since text of that colour on the
 * page's background would not be readable for every brand colour. Nothing for a colour that is not #rrggbb.
 */
export function brandStyle(primaryColor: string | null): CSSProperties {
  if (!primaryColor || !HEX_COLOR.test(primaryColor)) return {};
  return {
    "--tenant-primary": primaryColor,
    "--sidebar-primary": primaryColor,
    "--sidebar-primary-foreground": readableOn(primaryColor),
  } as CSSProperties;
}
