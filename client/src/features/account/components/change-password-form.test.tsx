// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { validationAnswer } from "@/test/fixtures";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { ChangePasswordForm } from "./change-password-form";

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const HINT = "At least 8 characters, with an uppercase letter, a lowercase letter and a number";

async function fill(user: ReturnType<typeof renderWithApp>["user"], values: { current: string; next: string; confirm: string }) {
  if (values.current) await user.type(field("Current Password"), values.current);
  if (values.next) await user.type(field("New Password"), values.next);
  if (values.confirm) await user.type(field("Confirm New Password"), values.confirm);
}

describe("the change-password form (dashboard)", () => {
  it("says under each blank field what it needs and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ChangePasswordForm username="alice" />, { path: "/dashboard" });
    expect(descriptionOf(field("New Password"))).toBe(HINT);
    await user.click(screen.getByRole("button", { name: "Change Password" }));

    await waitFor(() => expect(descriptionOf(field("Current Password"))).toBe("Current password is required"));
    expect(descriptionOf(field("New Password"))).toBe("Password must be at least 8 characters");
    expect(descriptionOf(field("Confirm New Password"))).toBe("Please confirm your new password");
    expect(calls).toEqual([]);
  });

  it("says 'New passwords don't match' under the confirmation and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ChangePasswordForm username="alice" />, { path: "/dashboard" });
    await fill(user, { current: "Old-secret1", next: "Changed-Pass2", confirm: "Changed-Pass2x" });
    await user.click(screen.getByRole("button", { name: "Change Password" }));

    await waitFor(() => expect(descriptionOf(field("Confirm New Password"))).toBe("New passwords don't match"));
    expect(field("Confirm New Password").getAttribute("aria-invalid")).toBe("true");
    expect(field("New Password").getAttribute("aria-invalid")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("holds a new password to the registration rule", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ChangePasswordForm username="alice" />, { path: "/dashboard" });
    await fill(user, { current: "Old-secret1", next: "lowercase1", confirm: "lowercase1" });
    await user.click(screen.getByRole("button", { name: "Change Password" }));

    await waitFor(() =>
      expect(descriptionOf(field("New Password"))).toBe("Password must contain at least one uppercase letter, one lowercase letter, and one number"),
    );
    expect(calls).toEqual([]);
  });

  it("says 'Changing...' on a disabled button while the server answers, then 'Password changed' and an empty form", async () => {
    const answer = gate();
    const calls = stubApi({ "PATCH /api/auth/change-password": { body: { message: "Password changed" }, until: answer.promise } });
    const { user } = renderWithApp(<ChangePasswordForm username="alice" />, { path: "/dashboard" });
    await fill(user, { current: "Old-secret1", next: "Changed-Pass2", confirm: "Changed-Pass2" });
    await user.click(screen.getByRole("button", { name: "Change Password" }));

    expect(await screen.findByRole("button", { name: "Changing..." })).toHaveProperty("disabled", true);
    // The confirmation stays in the browser.
    expect(calls).toEqual([{ method: "PATCH", path: "/api/auth/change-password", body: { currentPassword: "Old-secret1", newPassword: "Changed-Pass2" } }]);
    answer.open();

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Password changed", description: "Your other devices have been signed out" }]));
    // The form is cleared once the change is made (just after the toast).
    await waitFor(() => {
      for (const label of ["Current Password", "New Password", "Confirm New Password"]) expect(field(label)).toHaveProperty("value", "");
    });
    expect(screen.getByRole("button", { name: "Change Password" })).toHaveProperty("disabled", false);
  });

  it("shows a wrong current password in a 'Password change error' toast and under the field, keeping what was typed", async () => {
    stubApi({ "PATCH /api/auth/change-password": validationAnswer({ currentPassword: "Current password is incorrect" }) });
    const { user } = renderWithApp(<ChangePasswordForm username="alice" />, { path: "/dashboard" });
    await fill(user, { current: "Not-the-password1", next: "Changed-Pass2", confirm: "Changed-Pass2" });
    await user.click(screen.getByRole("button", { name: "Change Password" }));

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Password change error", description: "Current password is incorrect" }]));
    expect(descriptionOf(field("Current Password"))).toBe("Current password is incorrect");
    expect(field("New Password")).toHaveProperty("value", "Changed-Pass2");
  });
});
