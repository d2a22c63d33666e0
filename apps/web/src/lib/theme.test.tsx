// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { installColorSchemeMedia } from "../testing/match-media";
import { ThemeProvider, useTheme, type Theme } from "./theme";

function Probe() {
  const { theme, resolvedTheme, setTheme, toggleTheme } = useTheme();
  return (
    <div>
      <p data-testid="theme">{theme}</p>
      <p data-testid="resolved">{resolvedTheme}</p>
      <button onClick={toggleTheme}>toggle</button>
      {(["light", "dark", "system"] as Theme[]).map((t) => (
        <button key={t} onClick={() => setTheme(t)}>
          {t}
        </button>
      ))}
    </div>
  );
}

const isDark = () => document.documentElement.classList.contains("dark");

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.classList.remove("dark");
});

describe("theme", () => {
  it("defaults to system and follows the system's dark preference", () => {
    const media = installColorSchemeMedia(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );

    expect(screen.getByTestId("theme").textContent).toBe("system");
    expect(isDark()).toBe(true);
    act(() => media.setDark(false));
    expect(isDark()).toBe(false);
    expect(screen.getByTestId("resolved").textContent).toBe("light");
  });

  it("stores the chosen theme under 'theme' and applies it after a reload", () => {
    installColorSchemeMedia(false);
    const first = render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "dark" }));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(isDark()).toBe(true);
    first.unmount();
    document.documentElement.classList.remove("dark");

    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );

    expect(screen.getByTestId("theme").textContent).toBe("dark");
    expect(isDark()).toBe(true);
  });

  it("keeps a stored light theme even when the system prefers dark", () => {
    installColorSchemeMedia(true);
    localStorage.setItem("theme", "light");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );

    expect(isDark()).toBe(false);
  });

  it("toggles between light and dark, starting from what the system shows", () => {
    installColorSchemeMedia(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );

    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    expect(localStorage.getItem("theme")).toBe("light");
    expect(isDark()).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(isDark()).toBe(true);
  });

  it("falls back to system when the stored value is not a theme", () => {
    installColorSchemeMedia(false);
    localStorage.setItem("theme", "purple");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );

    expect(screen.getByTestId("theme").textContent).toBe("system");
  });
});
