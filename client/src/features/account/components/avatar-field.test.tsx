// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { currentUser } from "@/test/fixtures";
import { stubApi } from "@/test/stub-api";
import { renderWithApp, toastMessages } from "@/test/render";
import { AvatarField } from "./avatar-field";

/** Files chosen as a person would, whatever the picker's `accept` suggests (a drop, or "All files"). */
const chooser = () => userEvent.setup({ applyAccept: false });

describe("the avatar field (dashboard)", () => {
  it("refuses a file that is not an image beside the avatar, not in a toast, and sends nothing", async () => {
    const calls = stubApi({});
    renderWithApp(<AvatarField user={currentUser()} />, { path: "/dashboard" });
    await chooser().upload(screen.getByLabelText("Avatar image"), new File(["hello"], "notes.txt", { type: "text/plain" }));

    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("span")].map((line) => line.textContent)).toEqual(["Invalid format", "Please select an image"]);
    expect(toastMessages()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("refuses an image over 25 MB with 'File too large'", async () => {
    const calls = stubApi({});
    renderWithApp(<AvatarField user={currentUser()} />, { path: "/dashboard" });
    const large = new File(["x"], "huge.png", { type: "image/png" });
    Object.defineProperty(large, "size", { value: 25 * 1024 * 1024 + 1 });
    await chooser().upload(screen.getByLabelText("Avatar image"), large);

    const alert = await screen.findByRole("alert");
    expect([...alert.querySelectorAll("span")].map((line) => line.textContent)).toEqual(["File too large", "File size should not exceed 25MB"]);
    expect(calls).toEqual([]);
  });

  it("offers no Remove without an avatar", () => {
    stubApi({});
    renderWithApp(<AvatarField user={currentUser()} />, { path: "/dashboard" });
    expect(screen.getByRole("button", { name: "Remove" })).toHaveProperty("disabled", true);
    expect(within(document.body).getByText("PNG, JPG, GIF or WEBP, up to 25 MB. You can also drop an image on the avatar.")).toBeTruthy();
  });
});
