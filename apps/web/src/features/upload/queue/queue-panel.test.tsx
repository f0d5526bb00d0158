import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UploadQueueNavItem } from "./queue-panel";
import type { QueuedUpload } from "./queue-store";

const entry = (id: string, name: string, state: QueuedUpload["state"] = "waiting"): QueuedUpload => ({
  ...{ id, userId: "u1", workspaceId: "w1", file: new Blob([]), name, type: "image/jpeg" },
  ...{ lastModified: 1, addedAt: 1, state, error: state === "failed" ? "Storage limit reached" : null },
});

describe("UploadQueueNavItem", () => {
  it("names each Remove button by its photo, and removes that one", async () => {
    const remove = vi.fn(() => Promise.resolve());
    const entries = [entry("a", "pole-a.jpg"), entry("b", "pole-b.jpg", "failed")];
    render(<UploadQueueNavItem entries={entries} sendNow={() => Promise.resolve()} remove={remove} />);
    await userEvent.click(screen.getByRole("button", { name: "1 waiting · 1 refused" }));
    const list = within(screen.getByRole("dialog", { name: "Waiting uploads" }));
    await userEvent.click(list.getByRole("button", { name: "Remove pole-b.jpg" }));
    expect(remove).toHaveBeenCalledWith("b");
    expect(list.getByRole("button", { name: "Remove pole-a.jpg" })).toBeVisible();
  });

  it("does not open by itself when a photo is kept again after the list was emptied", async () => {
    const props = { sendNow: () => Promise.resolve(), remove: () => Promise.resolve() };
    const { rerender } = render(<UploadQueueNavItem entries={[entry("a", "a.jpg")]} {...props} />);
    await userEvent.click(screen.getByRole("button", { name: "1 waiting" }));
    expect(screen.getByRole("dialog")).toBeVisible();
    rerender(<UploadQueueNavItem entries={[]} {...props} />);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    rerender(<UploadQueueNavItem entries={[entry("b", "b.jpg")]} {...props} />);
    expect(screen.getByRole("button", { name: "1 waiting" })).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps the list as it was when sending fails", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const sendNow = () => Promise.reject(new Error("store closed"));
    render(
      <UploadQueueNavItem
        entries={[entry("a", "a.jpg")]}
        sendNow={sendNow}
        remove={() => Promise.resolve()}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "1 waiting" }));
    const send = screen.getByRole("button", { name: "Send now" });
    await userEvent.click(send);
    await waitFor(() => expect(send).toBeEnabled());
    expect(screen.getByRole("listitem", { name: "a.jpg" })).toBeVisible();
    quiet.mockRestore();
  });
});
