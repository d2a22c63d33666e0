// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { sendJson, useLocalApi, type LocalServer } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { equipmentSpecFixture } from "./equipment-spec.fixture";
import { BuildRefineDialog } from "./build-refine-dialog";

configure({ asyncUtilTimeout: 10_000 });

const server = useLocalApi();
let api: LocalServer;

const spec = equipmentSpecFixture();

beforeEach(() => {
  api = server.current;
});

describe("the builder.refine modal", () => {
  it("renames, retypes, adds and drops fields, then asks for a new quote of the result in the same session", async () => {
    api.on("POST", "/api/build-sessions/s-1/quote", (req, res) =>
      sendJson(res, 200, {
        proposalId: "p-2",
        sessionId: "s-1",
        quote: { priceUsd: 400, etaMinutes: 20, risk: "medium" },
        spec: JSON.parse(req.body).spec,
        consentToken: "t.s",
        specSource: "refined",
      }),
    );
    renderApp({
      initialPath: "/",
      routes: (
        <Route
          path="/"
          element={
            <BuildRefineDialog build={{ proposalId: "p-1", sessionId: "s-1", spec }} onClose={() => undefined} />
          }
        />
      ),
    });
    const dialog = screen.getByRole("dialog", { name: "Refine the feature" });
    const names = within(dialog).getAllByRole("textbox", { name: "Field name" });
    fireEvent.change(names[0]!, { target: { value: "Manufacturer" } });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Type of Model" }), { target: { value: "select" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Choices of Model" }), {
      target: { value: "XR14, XR16" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Drop Install Date" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add field" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Get New Quote" }));
    await waitFor(() =>
      expect(api.requests.some((request) => request.url === "/api/build-sessions/s-1/quote")).toBe(true),
    );
    const sent = JSON.parse(api.requests.find((request) => request.url === "/api/build-sessions/s-1/quote")!.body) as {
      spec: typeof spec;
    };
    expect(sent.spec.entities[0]!.fields).toEqual([
      { key: "make", label: "Manufacturer", type: "text", required: true },
      { key: "model", label: "Model", type: "select", required: false, options: ["XR14", "XR16"] },
      { key: "new_field", label: "New field", type: "text", required: false },
    ]);
    expect(sent.spec.entities[0]!.relations).toEqual(spec.entities[0]!.relations);
    expect(sent.spec.routes).toEqual(spec.routes);
  }, 30_000);
});
