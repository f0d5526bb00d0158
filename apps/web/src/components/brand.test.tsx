import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Brand } from "./brand";

describe("Brand", () => {
  it("shows the product name and the tagline", () => {
    render(<Brand />);
    expect(screen.getByRole("heading", { name: "PoleAtlas" })).toBeInTheDocument();
    expect(screen.getByText("Spatial Intelligence for the Built World")).toBeInTheDocument();
  });
});
