import { Drawer, ThemeProvider, createTheme } from "@mui/material";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { selectionInTimeline } from "../lib/selection";
import { photo } from "../../../test/records";
import { PhotoPanel, type PhotoPanelProps } from "./photo-panel";
import type { ImageRecord } from "@poleatlas/shared";

const spot = { latitude: 48.8588443, longitude: 2.2943506 };
const timeline = [
  photo({ id: "p1", date: "2023-01-01", ...spot }),
  photo({ id: "p2", date: "2023-06-30", ...spot }),
  photo({ id: "p3", date: "2024-03-01", ...spot }),
];

function renderPanel(overrides: Partial<PhotoPanelProps> & { photo: ImageRecord }) {
  const props: PhotoPanelProps = {
    timeline: [overrides.photo],
    index: 0,
    onSelect: vi.fn(),
    onDelete: vi.fn(),
    deleting: false,
    error: null,
    ...overrides,
  };
  render(
    <ThemeProvider theme={createTheme()}>
      <PhotoPanel {...props} />
    </ThemeProvider>,
  );
  return props;
}

/** The panel as the map screen uses it: the selection follows onSelect. */
function TimelineHarness({
  photos,
  first,
  onDelete = () => undefined,
}: {
  photos: ImageRecord[];
  first: string;
  onDelete?: (photoId: string) => void;
}) {
  const [id, setId] = useState(first);
  const s = selectionInTimeline(photos, id)!;
  return (
    <PhotoPanel
      photo={s.photo}
      timeline={s.timeline}
      index={s.index}
      onSelect={setId}
      onDelete={onDelete}
      deleting={false}
      error={null}
    />
  );
}

describe("PhotoPanel", () => {
  it("shows the date in the locale and the location to 6 decimals", () => {
    const p = photo({ id: "a", date: "2024-05-01", latitude: 52.52, longitude: -13.4049537 });
    renderPanel({ photo: p });
    expect(screen.getByRole("group", { name: "Date" })).toHaveTextContent(
      `Date${new Date(2024, 4, 1).toLocaleDateString()}`,
    );
    expect(screen.getByRole("group", { name: "Location" })).toHaveTextContent(
      "Location52.520000, -13.404954",
    );
    expect(screen.getByRole("img", { name: "a.jpg" })).toHaveAttribute("src", p.thumbnail_url);
    expect(screen.queryByRole("slider")).not.toBeInTheDocument();
  });

  it("says so when the photo has no date or no location", () => {
    renderPanel({ photo: photo({ id: "b", date: null, latitude: null, longitude: null }) });
    expect(screen.getByRole("group", { name: "Date" })).toHaveTextContent("DateNo date available");
    expect(screen.getByRole("group", { name: "Location" })).toHaveTextContent(
      "LocationNo location data available",
    );
  });

  it("shows the local time where the photo was taken and where the camera looked", () => {
    renderPanel({
      photo: photo({ id: "t", date: "2024-05-01", local_time: "2024-05-01T23:30:00+09:00", heading: 47.25 }),
    });
    expect(screen.getByRole("group", { name: "Local time" })).toHaveTextContent(
      "Local time23:30 (UTC+09:00)",
    );
    expect(screen.getByRole("group", { name: "Heading" })).toHaveTextContent("Headinglooking NE, 47°");
  });

  it("leaves out the local time and heading it does not know", () => {
    renderPanel({ photo: photo({ id: "u", date: "2024-05-01" }) });
    expect(screen.queryByRole("group", { name: "Local time" })).toBeNull();
    expect(screen.queryByRole("group", { name: "Heading" })).toBeNull();
  });

  it("asks before deleting", async () => {
    const user = userEvent.setup();
    const props = renderPanel({ photo: timeline[0]! });
    await user.click(screen.getByRole("button", { name: "Delete image" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(props.onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Delete image" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(props.onDelete).toHaveBeenCalledTimes(1);
  });

  it("disables the delete icon while a deletion runs and shows a failure", () => {
    renderPanel({ photo: timeline[0]!, deleting: true, error: "Failed to delete image. Please try again." });
    expect(screen.getByRole("button", { name: "Delete image" })).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to delete image. Please try again.");
  });
});

describe("PhotoPanel timeline", () => {
  it("appears when several photos share the location and steps with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<TimelineHarness photos={timeline} first="p1" />);
    const slider = screen.getByRole("slider", { name: "Timeline" });
    expect(screen.getByText("Photo 1 of 3")).toBeInTheDocument();
    slider.focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByText("Photo 2 of 3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "This photo: p2.jpg" })).toBeInTheDocument();
    expect(
      screen.getByText(new Date(2023, 5, 30).toLocaleDateString(), { selector: "p" }),
    ).toBeInTheDocument();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByText("Photo 3 of 3")).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("heading", { name: "This photo: p2.jpg" })).toBeInTheDocument();
  });

  it("also steps with the arrow keys when nothing is focused", async () => {
    const user = userEvent.setup();
    render(<TimelineHarness photos={timeline} first="p2" />);
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("heading", { name: "This photo: p1.jpg" })).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("heading", { name: "This photo: p1.jpg" })).toBeInTheDocument();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("heading", { name: "This photo: p3.jpg" })).toBeInTheDocument();
  });

  it("ignores the arrow keys while the delete confirm is open, and deletes the photo it asked about", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<TimelineHarness photos={timeline} first="p1" onDelete={onDelete} />);
    await user.click(screen.getByRole("button", { name: "Delete image" }));
    const dialog = screen.getByRole("dialog");
    // The panel behind the dialog is hidden from the accessibility tree while it is open.
    const shown = () => screen.getByRole("heading", { name: "This photo: p1.jpg", hidden: true });
    await user.keyboard("{ArrowRight}");
    expect(shown()).toBeInTheDocument();
    // Also a key that reaches the page itself while the dialog is open.
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    expect(shown()).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(onDelete).toHaveBeenCalledWith("p1");
  });

  it("still steps beside a closed drawer kept mounted (the narrow screens' sidebar)", async () => {
    const user = userEvent.setup();
    render(
      <>
        <TimelineHarness photos={timeline} first="p2" />
        <Drawer variant="temporary" open={false} ModalProps={{ keepMounted: true }}>
          menu
        </Drawer>
      </>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("heading", { name: "This photo: p3.jpg" })).toBeInTheDocument();
  });

  it.each([
    [
      "combobox",
      <div key="c" role="combobox" aria-expanded="false" aria-controls="x" tabIndex={0} aria-label="keys" />,
    ],
    [
      "menu",
      <div key="m" role="menu">
        <div role="menuitem" tabIndex={0} aria-label="keys" />
      </div>,
    ],
  ])("leaves the arrow keys to a focused %s", async (_kind, widget) => {
    const user = userEvent.setup();
    render(
      <>
        <TimelineHarness photos={timeline} first="p2" />
        {widget}
      </>,
    );
    screen.getByLabelText("keys").focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("heading", { name: "This photo: p2.jpg" })).toBeInTheDocument();
  });
});

describe("PhotoPanel in a team", () => {
  const rated = photo({
    id: "t1",
    ...spot,
    uploaded_by: "crew@c.test",
    rated_by: "lead@c.test",
    risk: "high",
  });

  it("names who uploaded and who rated the photo", () => {
    renderPanel({ photo: rated, showPeople: true });
    expect(screen.getByRole("group", { name: "Uploaded by" })).toHaveTextContent("crew@c.test");
    expect(screen.getByRole("group", { name: "Rated by" })).toHaveTextContent("lead@c.test");
  });

  it("shows neither in the personal workspace (the spec's panel), and no 'Rated by' for an unrated photo", () => {
    renderPanel({ photo: rated });
    expect(screen.queryByRole("group", { name: "Uploaded by" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Rated by" })).not.toBeInTheDocument();
  });

  it("leaves out 'Delete image' where the role may not delete it", () => {
    renderPanel({ photo: rated, showPeople: true, canDelete: false });
    expect(screen.queryByRole("button", { name: "Delete image" })).not.toBeInTheDocument();
    expect(screen.getByRole("group", { name: "This photo: t1.jpg" })).toBeInTheDocument();
  });
});

describe("a photo kept with its original", () => {
  it("offers the HEIC as uploaded for download, named as the photo", () => {
    const heic = photo({
      id: "h1",
      name: "IMG_0001.HEIC",
      original: {
        url: "/files/utility-poles/u/originals/h1.heic",
        content_type: "image/heic",
        bytes: 2_000_000,
        filename: "IMG_0001.HEIC",
      },
    });
    renderPanel({ photo: heic });
    const link = screen.getByRole("link", { name: "Download original (HEIC)" });
    expect(link).toHaveAttribute("href", "/files/utility-poles/u/originals/h1.heic");
    expect(link).toHaveAttribute("download", "IMG_0001.HEIC");
  });

  it("offers nothing where the stored file is the upload itself", () => {
    renderPanel({ photo: photo({ id: "j1", original: null }) });
    expect(screen.queryByRole("link", { name: /Download original/ })).toBeNull();
  });
});
