// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUser, validationAnswer } from "@/test/fixtures";
import { gate, stubApi } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { ContactInfoForm } from "./contact-info-form";

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const save = () => screen.getByRole("button", { name: "Save Changes" });

describe("the contact information form (dashboard)", () => {
  it("shows what is stored, says the email is private and counts the bio from the first character", () => {
    stubApi({});
    renderWithApp(<ContactInfoForm user={currentUser({ bio: "Cellist", twitter: "tw_handle", email: "alice@example.org" })} />, { path: "/dashboard" });
    expect(field("Bio")).toHaveProperty("value", "Cellist");
    expect(field("Twitter")).toHaveProperty("value", "tw_handle");
    expect(descriptionOf(field("Email"))).toBe("Only you can see it");
    expect(descriptionOf(field("Twitter"))).toBe("Without the @");
    expect(screen.getByText("7/500")).toBeTruthy();
  });

  it("says each broken rule under its field and sends nothing", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ContactInfoForm user={currentUser()} />, { path: "/dashboard" });
    await user.type(field("Website"), "not a website");
    await user.type(field("Email"), "alice-at-example");
    await user.type(field("GitHub"), "gh handle");
    await user.click(save());

    await waitFor(() => expect(descriptionOf(field("Website"))).toBe("Invalid website URL"));
    expect(descriptionOf(field("Email"))).toBe("Invalid email address");
    expect(descriptionOf(field("GitHub"))).toBe("Invalid characters in github handle");
    expect(field("Website").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("keeps a bio past 500 characters as typed and refuses it with the reason", async () => {
    const calls = stubApi({});
    const { user } = renderWithApp(<ContactInfoForm user={currentUser({ bio: "x".repeat(500) })} />, { path: "/dashboard" });
    await user.type(field("Bio"), "y");
    expect(screen.getByText("501/500")).toBeTruthy();
    await user.click(save());

    await waitFor(() => expect(descriptionOf(field("Bio"))).toBe("Bio must be less than 500 characters"));
    expect((field("Bio") as HTMLTextAreaElement).value).toHaveLength(501);
    expect(calls).toEqual([]);
  });

  it("says 'Saving...' on a disabled button while the server answers, then 'Profile updated' and the values as stored", async () => {
    const answer = gate();
    const calls = stubApi({
      "PATCH /api/auth/profile": { body: currentUser({ location: "Lisbon", twitter: "tw_handle" }), until: answer.promise },
    });
    const { user } = renderWithApp(<ContactInfoForm user={currentUser()} />, { path: "/dashboard" });
    await user.type(field("Location"), "  Lisbon ");
    await user.type(field("Twitter"), "@tw_handle");
    await user.click(save());

    expect(await screen.findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    // Every field is sent: "" clears one.
    expect(calls[0]?.body).toEqual({ bio: "", location: "Lisbon", website: "", email: "", twitter: "tw_handle", github: "", discord: "", telegram: "" });
    answer.open();

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Profile updated", description: "Your contact information has been saved" }]));
    expect(field("Twitter")).toHaveProperty("value", "tw_handle");
    expect(field("Location")).toHaveProperty("value", "Lisbon");
  });

  it("puts the server's per-field refusals under their fields, with an 'Update error' toast", async () => {
    stubApi({ "PATCH /api/auth/profile": validationAnswer({ website: "Invalid website URL" }) });
    const { user } = renderWithApp(<ContactInfoForm user={currentUser()} />, { path: "/dashboard" });
    await user.type(field("Website"), "https://example.org");
    await user.click(save());

    await waitFor(() => expect(descriptionOf(field("Website"))).toBe("Invalid website URL"));
    expect(toastMessages()).toEqual([{ title: "Update error", description: "Invalid website URL" }]);
    expect(save()).toHaveProperty("disabled", false);
  });
});
