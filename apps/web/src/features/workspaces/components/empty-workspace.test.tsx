/** The empty workspace's first steps: shown only with no poles and no photos, each button its way in. */
import { emptyWorkspaceTexts } from "@poleatlas/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { EmptyWorkspaceGuide } from "./empty-workspace";

describe("EmptyWorkspaceGuide", () => {
  it("says what to do first and opens the register import and the upload dialog", async () => {
    const onImport = vi.fn();
    const onUpload = vi.fn();
    const user = userEvent.setup();
    render(<EmptyWorkspaceGuide regionCount={0} usedBytes={0} onImport={onImport} onUpload={onUpload} />);
    expect(screen.getByText(emptyWorkspaceTexts.title)).toBeInTheDocument();
    expect(screen.getByText(/Start with the pole register/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Import the pole register" }));
    expect(onImport).toHaveBeenCalledOnce();
    await user.click(screen.getByRole("button", { name: "Upload photos" }));
    expect(onUpload).toHaveBeenCalledOnce();
  });

  it("is not shown while the workspace has poles or photos, or before the answers came", () => {
    const cases: [number | undefined, number | undefined][] = [
      [1, 0], // an imported register: poles without photos
      [0, 2048], // photos without a place
      [undefined, 0],
      [0, undefined],
    ];
    for (const [regionCount, usedBytes] of cases) {
      const { container, unmount } = render(
        <EmptyWorkspaceGuide
          regionCount={regionCount}
          usedBytes={usedBytes}
          onImport={vi.fn()}
          onUpload={vi.fn()}
        />,
      );
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it("offers a member only what they may do, and tells a viewer who can add", () => {
    const { rerender } = render(<EmptyWorkspaceGuide regionCount={0} usedBytes={0} onUpload={vi.fn()} />);
    expect(screen.queryByRole("button", { name: "Import the pole register" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload photos" })).toBeInTheDocument();
    rerender(<EmptyWorkspaceGuide regionCount={0} usedBytes={0} />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText(emptyWorkspaceTexts.viewer)).toBeInTheDocument();
  });
});
