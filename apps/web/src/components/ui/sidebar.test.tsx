// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Sidebar, SidebarContent, SidebarProvider, SidebarTrigger } from "./sidebar";

function renderSidebar() {
  return render(
    <SidebarProvider>
      <Sidebar>
        <SidebarContent>
          <a href="/jobs">Jobs</a>
        </SidebarContent>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>,
  );
}

const sidebarState = () => document.querySelector('[data-slot="sidebar"]')?.getAttribute("data-state");
const cookieWrites: string[] = [];

function clearSidebarCookie() {
  document.cookie = "sidebar_state=; path=/; max-age=0";
}

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

beforeEach(() => {
  setWidth(1280);
  clearSidebarCookie();
  cookieWrites.length = 0;
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
  vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
    cookieWrites.push(value);
    descriptor.set!.call(document, value);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearSidebarCookie();
});

describe("sidebar", () => {
  it("starts expanded, with the spec's widths", () => {
    renderSidebar();

    expect(sidebarState()).toBe("expanded");
    const wrapper = document.querySelector<HTMLElement>('[data-slot="sidebar-wrapper"]')!;
    expect(wrapper.style.getPropertyValue("--sidebar-width")).toBe("16rem");
    expect(wrapper.style.getPropertyValue("--sidebar-width-icon")).toBe("3rem");
  });

  it("toggles with ctrl+b and meta+b and persists the state in the sidebar_state cookie for 7 days", () => {
    renderSidebar();

    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    expect(sidebarState()).toBe("collapsed");
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);
    expect(document.cookie).toContain("sidebar_state=false");

    fireEvent.keyDown(window, { key: "b", metaKey: true });
    expect(sidebarState()).toBe("expanded");
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=true; path=\/; max-age=604800/);
  });

  it("ignores b without a modifier", () => {
    renderSidebar();

    fireEvent.keyDown(window, { key: "b" });
    fireEvent.keyDown(window, { key: "x", ctrlKey: true });

    expect(sidebarState()).toBe("expanded");
    expect(cookieWrites).toHaveLength(0);
  });

  it("starts in the state stored in the cookie", () => {
    document.cookie = "sidebar_state=false; path=/";
    renderSidebar();

    expect(sidebarState()).toBe("collapsed");
  });

  it("toggles from the trigger button", () => {
    renderSidebar();

    fireEvent.click(screen.getByRole("button", { name: "Toggle Sidebar" }));

    expect(sidebarState()).toBe("collapsed");
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=false;/);
  });

  it("is a slide-in sheet 80vw wide under 768 px, opened by the shortcut, without touching the cookie", () => {
    setWidth(767);
    renderSidebar();
    expect(screen.queryByRole("dialog")).toBeNull();

    act(() => {
      fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    });

    const sheet = screen.getByRole("dialog");
    expect(sheet.getAttribute("data-mobile")).toBe("true");
    expect(sheet.style.getPropertyValue("--sidebar-width")).toBe("80vw");
    expect(screen.getByRole("link", { name: "Jobs" })).toBeTruthy();
    expect(cookieWrites).toHaveLength(0);

    act(() => {
      fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("switches to the sheet when the window narrows past 768 px", () => {
    renderSidebar();
    expect(sidebarState()).toBe("expanded");

    act(() => setWidth(600));

    expect(document.querySelector('[data-slot="sidebar-container"]')).toBeNull();
  });
});
