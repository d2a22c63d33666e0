// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { Blob as NodeBlob } from "node:buffer";
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { clearDevice } from "../../lib/device-store";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { FieldConflicts } from "./field-conflicts";
import { drainFieldOutbox, queueFieldAction, userConflicts, waitingFile } from "./field-outbox";

const server = useLocalApi();
const tech = makeUser({ role: "field_user" });
const { createObjectURL, revokeObjectURL } = URL;
const revoked: string[] = [];

beforeEach(() => {
  server.current.on("GET", "/api/user", (_req, res) => sendJson(res, 200, tech));
  // jsdom has no object URLs: a blob's URL names its type, so the test sees which image is shown.
  let made = 0;
  URL.createObjectURL = (blob: Blob) => `blob:test/${++made}/${blob.type}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(async () => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  await clearDevice();
});

describe("a photo the server refused", () => {
  it("is shown with a way to save it, and dismissing it deletes it from the phone", async () => {
    // Node's Blob, which IndexedDB's copy (structuredClone) keeps as a browser does; jsdom's would lose its type.
    const photo = new NodeBlob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" }) as Blob;
    await queueFieldAction(
      {
        userId: tech.id,
        action: {
          kind: "photo",
          key: "photo-key-1",
          visitId: "visit-1",
          at: "2026-11-28T09:00:00.000Z",
          contentType: "image/jpeg",
          size: photo.size,
        },
        visitTitle: "Spring cleanup",
        what: "A photo",
      },
      photo,
    );
    await drainFieldOutbox(
      tech.id,
      () =>
        Promise.reject(
          new ApiError(403, "Forbidden", JSON.stringify({ message: "This visit is not assigned to your crew" })),
        ),
      () => {},
    );
    expect(await userConflicts(tech.id)).toHaveLength(1);

    renderApp({
      initialPath: "/app",
      routes: (
        <Route element={<Outlet context={tech} />}>
          <Route path="/app" element={<FieldConflicts userId={tech.id} />} />
        </Route>
      ),
    });
    const region = within(await screen.findByRole("region", { name: "Not applied" }));
    const image = await region.findByRole("img", { name: "A photo, kept on this phone" });
    expect(image.getAttribute("src")).toMatch(/^blob:test\/\d+\/image\/jpeg$/);
    const save = region.getByRole("link", { name: "Save to this phone" });
    expect(save.getAttribute("download")).toBe("photo-key-1.jpg");
    expect(save.getAttribute("href")).toBe(image.getAttribute("src"));

    fireEvent.click(region.getByRole("button", { name: "Dismiss and delete it from this phone" }));
    await expect.poll(() => userConflicts(tech.id)).toHaveLength(0);
    expect(await waitingFile("photo-key-1")).toBeUndefined();
    await expect.poll(() => revoked).toContain(image.getAttribute("src"));
  });
});
