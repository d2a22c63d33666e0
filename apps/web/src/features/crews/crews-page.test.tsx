// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CrewsPage } from "./crews-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/crews", (_req, res) => sendJson(res, 200, { items: [] }));
  api.on("GET", "/api/team", (_req, res) => sendJson(res, 200, { items: [], limit: -1, used: 0 }));
});

const renderPage = () =>
  renderApp({
    initialPath: "/crews",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/crews" element={<CrewsPage />} />
      </Route>
    ),
  });
const creates = () => api.requests.filter((request) => request.method === "POST" && request.url === "/api/crews");

describe("the new crew form", () => {
  it("names a missing crew name beside it and sends nothing", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Create crew" }));

    expect(await screen.findByText("A crew needs a name")).toBeTruthy();
    expect(screen.getByLabelText("Crew name").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("sends the name and colour as the API takes them and shows a refusal beside its field", async () => {
    api.on("POST", "/api/crews", (_req, res) =>
      sendJson(res, 409, { message: "A crew named Night Crew exists already", field: "name" }),
    );
    renderPage();
    fireEvent.change(await screen.findByLabelText("Crew name"), { target: { value: "  Night Crew " } });
    fireEvent.change(screen.getByLabelText("Colour"), { target: { value: "#1D4ED8" } });
    fireEvent.click(screen.getByRole("button", { name: "Create crew" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({ name: "Night Crew", color: "#1d4ed8" });
    expect(await screen.findByText("A crew named Night Crew exists already")).toBeTruthy();
    expect(screen.getByLabelText("Crew name").getAttribute("aria-invalid")).toBe("true");
  });
});
