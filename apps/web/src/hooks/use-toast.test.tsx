// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/ui/toaster";
import { reducer, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, useToast } from "./use-toast";

function DismissAll() {
  const { dismiss } = useToast();
  return (
    <button type="button" onClick={() => dismiss()}>
      dismiss all
    </button>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <>
      <Toaster />
      <DismissAll />
    </>,
  );
});

afterEach(() => {
  // Dismiss and flush the removal delay so no toast leaks into the next test.
  act(() => {
    screen.getByRole("button", { name: "dismiss all" }).click();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
  });
  cleanup();
  vi.useRealTimers();
});

const toastTitles = () =>
  Array.from(document.querySelectorAll('li[data-state="open"] [data-slot="toast-title"]')).map((el) => el.textContent);

describe("toasts", () => {
  it("shows at most one toast: a new one replaces the visible one", () => {
    expect(TOAST_LIMIT).toBe(1);

    act(() => {
      toast({ title: "Job scheduled" });
      toast({ title: "Invoice sent" });
    });

    expect(toastTitles()).toEqual(["Invoice sent"]);
  });

  it("titles a toast 'Notification' when none is given", () => {
    act(() => {
      toast({ description: "Crew B is on the way" });
    });

    expect(toastTitles()).toEqual(["Notification"]);
    expect(screen.getByText("Crew B is on the way")).toBeTruthy();
  });

  it("closes after 5000 ms by default", () => {
    act(() => {
      toast({ title: "Saved" });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(toastTitles()).toEqual(["Saved"]);

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(toastTitles()).toEqual([]);
  });

  it("keeps a dismissed toast in memory until the removal delay has passed", () => {
    const state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: { id: "a", title: "A", open: true } });
    const dismissed = reducer(state, { type: "DISMISS_TOAST", toastId: "a" });

    expect(dismissed.toasts).toEqual([{ id: "a", title: "A", open: false }]);
    expect(reducer(dismissed, { type: "REMOVE_TOAST", toastId: "a" }).toasts).toEqual([]);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });
});
