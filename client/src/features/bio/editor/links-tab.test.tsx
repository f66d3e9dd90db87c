// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { MAX_LINKS_PER_USER } from "@shared/constants";
import type { UserLink } from "@shared/types";
import { userLink } from "@/test/fixtures";
import { uploadFile } from "@/lib/upload";
import { gate, stubApi, type StubbedAnswer } from "@/test/stub-api";
import { descriptionOf, renderWithApp, toastMessages } from "@/test/render";
import { LinksTab } from "./links-tab";
import { toLocalInput } from "./schedule-input";

// The upload itself (XMLHttpRequest, for its progress) is held open by the test that looks at it.
vi.mock("@/lib/upload", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/upload")>()), uploadFile: vi.fn() }));

const DAY = 24 * 60 * 60 * 1000;

function renderLinks(links: UserLink[] = [], answers: Record<string, StubbedAnswer> = {}) {
  const calls = stubApi(answers);
  const rendered = renderWithApp(<LinksTab links={links} />, { path: "/bio" });
  return { ...rendered, calls, writes: () => calls.filter((call) => call.method !== "GET") };
}

const addForm = () => screen.getByRole("form", { name: "Add link" });
const inAdd = (label: string) => within(addForm()).getByLabelText(label, { exact: true });
const addButton = () => within(addForm()).getByRole("button", { name: "Add Link" });

describe("the bio editor's Links tab", () => {
  it("says 'No links yet. Add your first one below.' when there are none", () => {
    renderLinks();
    expect(screen.getByText("No links yet. Add your first one below.")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Your links" })).toBeNull();
  });

  it("says 'Please fill in the title and URL' under a link without them, marks the blank one and sends nothing", async () => {
    const { user, writes } = renderLinks();
    await user.click(addButton());

    expect(descriptionOf(inAdd("Title"))).toBe("Please fill in the title and URL");
    expect(inAdd("Title").getAttribute("aria-invalid")).toBe("true");
    expect(inAdd("URL").getAttribute("aria-invalid")).toBe("true");
    await user.type(inAdd("Title"), "My GitHub");
    expect(inAdd("Title").getAttribute("aria-invalid")).toBeNull();
    expect(inAdd("URL").getAttribute("aria-invalid")).toBe("true");
    await user.type(inAdd("URL"), "https://github.com/example");
    expect(within(addForm()).queryByRole("alert")).toBeNull();
    expect(writes()).toEqual([]);
  });

  it("says at once that a schedule must end after it starts, and adds nothing until it does", async () => {
    const { user, writes } = renderLinks();
    await user.type(inAdd("Title"), "Soon");
    await user.type(inAdd("URL"), "https://soon.example/");
    await user.type(inAdd("Show from"), toLocalInput(new Date(Date.now() + 2 * DAY).toISOString()));
    await user.type(inAdd("Show until"), toLocalInput(new Date(Date.now() + DAY).toISOString()));

    expect(descriptionOf(inAdd("Show until"))).toBe("The end of the schedule must come after its start");
    expect(inAdd("Show until").getAttribute("aria-invalid")).toBe("true");
    await user.click(addButton());
    expect(writes()).toEqual([]);
  });

  it("says 'Adding...' on a disabled button while the server answers, then 'Link added successfully' and an empty form", async () => {
    const answer = gate();
    const { user, writes } = renderLinks([], { "POST /api/user/links": { status: 201, body: userLink({ title: "My GitHub" }), until: answer.promise } });
    await user.type(inAdd("Title"), " My GitHub ");
    await user.type(inAdd("URL"), "https://github.com/example");
    await user.click(within(addForm()).getByRole("radio", { name: "Github" }));
    await user.click(addButton());

    expect(await within(addForm()).findByRole("button", { name: "Adding..." })).toHaveProperty("disabled", true);
    expect(writes().map((call) => call.body)).toEqual([
      { title: "My GitHub", url: "https://github.com/example", iconType: "built-in", iconName: "Github", visibleFrom: null, visibleUntil: null, displayOrder: 0, isVisible: true },
    ]);
    answer.open();

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Link added successfully", description: "" }]));
    // Emptied once the link is saved (just after the toast).
    await waitFor(() => expect(inAdd("Title")).toHaveProperty("value", ""));
    expect(inAdd("URL")).toHaveProperty("value", "");
  });

  it("says the server's refusal of a URL under the URL, not in a toast, keeps what was typed, and drops it once the URL is changed", async () => {
    const { user } = renderLinks([], {
      "POST /api/user/links": { status: 400, body: { message: "Link URL must start with http://, https:// or mailto:", errors: [{ path: "url", message: "Link URL must start with http://, https:// or mailto:" }] } },
    });
    await user.type(inAdd("Title"), "Files");
    await user.type(inAdd("URL"), "ftp://files.example/");
    await user.click(addButton());

    await waitFor(() => expect(descriptionOf(inAdd("URL"))).toBe("Link URL must start with http://, https:// or mailto:"));
    expect(inAdd("URL").getAttribute("aria-invalid")).toBe("true");
    expect(inAdd("Title").getAttribute("aria-invalid")).toBeNull();
    expect(descriptionOf(inAdd("Title"))).toBe("");
    expect(toastMessages()).toEqual([]);
    expect(inAdd("URL")).toHaveProperty("value", "ftp://files.example/");
    expect(addButton()).toHaveProperty("disabled", false);

    await user.clear(inAdd("URL"));
    await user.type(inAdd("URL"), "https://files.example/");
    expect(inAdd("URL").getAttribute("aria-invalid")).toBeNull();
    expect(within(addForm()).queryByRole("alert")).toBeNull();
  });

  it("says the server's refusal of an edited link's title under the title, and keeps the form open", async () => {
    const alpha = userLink({ title: "Alpha", url: "https://alpha.example/" });
    const { user } = renderLinks([alpha], {
      "PATCH /api/user/links/51": { status: 400, body: { message: "Link title too long", errors: [{ path: "title", message: "Link title too long" }] } },
    });
    await user.click(screen.getByRole("button", { name: "Edit link Alpha" }));
    const editor = screen.getByRole("form", { name: "Edit link Alpha" });
    await user.type(within(editor).getByLabelText("Title"), " and more");
    await user.click(within(editor).getByRole("button", { name: "Save Link" }));

    await waitFor(() => expect(descriptionOf(within(editor).getByLabelText("Title"))).toBe("Link title too long"));
    expect(within(editor).getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(within(editor).getByLabelText("URL"))).toBe("");
    expect(toastMessages()).toEqual([]);
    expect(screen.getByRole("form", { name: "Edit link Alpha" })).toBeTruthy();
  });

  it("shows a refusal that concerns no field of the form in an 'Error' toast, with nothing under the fields", async () => {
    const { user } = renderLinks([], { "POST /api/user/links": { status: 400, body: { message: "You can have at most 50 links" } } });
    await user.type(inAdd("Title"), "One more");
    await user.type(inAdd("URL"), "https://more.example/");
    await user.click(addButton());

    await waitFor(() => expect(toastMessages()).toEqual([{ title: "Error", description: "You can have at most 50 links" }]));
    expect(within(addForm()).queryByRole("alert")).toBeNull();
    expect(inAdd("Title")).toHaveProperty("value", "One more");
  });

  it(`turns Add Link off at ${MAX_LINKS_PER_USER} links and says why`, () => {
    renderLinks(Array.from({ length: MAX_LINKS_PER_USER }, (_, index) => userLink({ id: index + 1, title: `Link ${index + 1}`, displayOrder: index })));
    expect(addButton()).toHaveProperty("disabled", true);
    expect(screen.getByText(`You can have at most ${MAX_LINKS_PER_USER} links.`)).toBeTruthy();
  });

  it("edits a link in place from its values: 'Saving...' while the server answers, then the form closes", async () => {
    const answer = gate();
    const alpha = userLink({ title: "Alpha", url: "https://alpha.example/" });
    const { user, writes } = renderLinks([alpha], { "PATCH /api/user/links/51": { body: { ...alpha, title: "Alpha edited" }, until: answer.promise } });
    await user.click(screen.getByRole("button", { name: "Edit link Alpha" }));
    const editor = screen.getByRole("form", { name: "Edit link Alpha" });
    expect(within(editor).getByLabelText("URL")).toHaveProperty("value", "https://alpha.example/");
    await user.clear(within(editor).getByLabelText("Title"));
    await user.type(within(editor).getByLabelText("Title"), "Alpha edited");
    await user.click(within(editor).getByRole("button", { name: "Save Link" }));

    expect(await within(editor).findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    expect(writes().map((call) => call.body)).toEqual([
      { title: "Alpha edited", url: "https://alpha.example/", iconType: "built-in", iconName: "Globe", visibleFrom: null, visibleUntil: null },
    ]);
    answer.open();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Edit link Alpha" })).toBeNull());
    expect(toastMessages()).toEqual([{ title: "Link updated", description: "" }]);
  });

  it("opens an edited link with its saved window, in local time", async () => {
    const from = new Date(Date.now() + DAY).toISOString();
    const { user } = renderLinks([userLink({ title: "Soon", visibleFrom: from })]);
    await user.click(screen.getByRole("button", { name: "Edit link Soon" }));
    const editor = screen.getByRole("form", { name: "Edit link Soon" });
    expect(within(editor).getByLabelText("Show from")).toHaveProperty("value", toLocalInput(from));
    expect(within(editor).getByLabelText("Show until")).toHaveProperty("value", "");
  });

  it("sends a custom icon's image in place of a built-in icon, and neither while no image is chosen", async () => {
    const { user, writes } = renderLinks([], { "POST /api/user/links": { status: 201, body: userLink({ iconType: "custom", iconName: null }) } });
    await user.type(inAdd("Title"), "Portfolio");
    await user.type(inAdd("URL"), "https://example.com/portfolio");
    await user.click(within(addForm()).getByRole("radio", { name: "Custom" }));
    expect(within(addForm()).queryByRole("radio", { name: "Github" })).toBeNull();
    expect(within(addForm()).getByText("A square image; 64x64 is recommended.")).toBeTruthy();
    await user.click(addButton());

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({
      title: "Portfolio",
      url: "https://example.com/portfolio",
      iconType: "custom",
      visibleFrom: null,
      visibleUntil: null,
      displayOrder: 0,
      isVisible: true,
    });
  });

  it("waits for a custom icon being uploaded: Add Link is off until the image is there, then sends it", async () => {
    const uploaded = gate();
    vi.mocked(uploadFile).mockImplementationOnce(async () => {
      await uploaded.promise;
      return { url: "/uploads/0123456789abcdef0123456789abcdef.png" } as Awaited<ReturnType<typeof uploadFile>>;
    });
    const { user, writes } = renderLinks([], { "POST /api/user/links": { status: 201, body: userLink({ iconType: "custom", iconName: null }) } });
    await user.type(inAdd("Title"), "Portfolio");
    await user.type(inAdd("URL"), "https://example.com/portfolio");
    await user.click(within(addForm()).getByRole("radio", { name: "Custom" }));
    await user.upload(addForm().querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array([137, 80, 78, 71])], "icon.png", { type: "image/png" }));

    await waitFor(() => expect(addButton()).toHaveProperty("disabled", true));
    await user.click(addButton());
    expect(writes()).toEqual([]);
    uploaded.open();

    await waitFor(() => expect(addButton()).toHaveProperty("disabled", false));
    await user.click(addButton());
    await waitFor(() => expect(writes().map((call) => call.body)).toEqual([expect.objectContaining({ iconType: "custom", iconUrl: "/uploads/0123456789abcdef0123456789abcdef.png" })]));
  });

  it("waits for an edited link's new icon being uploaded: Save Link is off until the image is there", async () => {
    const uploaded = gate();
    vi.mocked(uploadFile).mockImplementationOnce(async () => {
      await uploaded.promise;
      return { url: "/uploads/fedcba9876543210fedcba9876543210.png" } as Awaited<ReturnType<typeof uploadFile>>;
    });
    const alpha = userLink({ title: "Alpha", url: "https://alpha.example/" });
    const { user, writes } = renderLinks([alpha], { "PATCH /api/user/links/51": { body: { ...alpha, iconType: "custom", iconName: null } } });
    await user.click(screen.getByRole("button", { name: "Edit link Alpha" }));
    const editor = screen.getByRole("form", { name: "Edit link Alpha" });
    await user.click(within(editor).getByRole("radio", { name: "Custom" }));
    await user.upload(editor.querySelector<HTMLInputElement>('input[type="file"]')!, new File([new Uint8Array([137, 80, 78, 71])], "icon.png", { type: "image/png" }));
    const save = () => within(editor).getByRole("button", { name: "Save Link" });

    await waitFor(() => expect(save()).toHaveProperty("disabled", true));
    uploaded.open();
    await waitFor(() => expect(save()).toHaveProperty("disabled", false));
    await user.click(save());
    await waitFor(() => expect(writes().map((call) => call.body)).toEqual([expect.objectContaining({ iconType: "custom", iconUrl: "/uploads/fedcba9876543210fedcba9876543210.png" })]));
  });

  it("counts a title near its 100 characters", async () => {
    const { user } = renderLinks();
    await user.click(inAdd("Title"));
    await user.paste("x".repeat(89));
    expect(within(addForm()).queryByText(/\/100$/)).toBeNull();
    await user.paste("x");
    expect(within(addForm()).getByText("90/100")).toBeTruthy();
  });

  it("marks a link outside its window Scheduled or Expired, and a hidden one Hidden", () => {
    renderLinks([
      userLink({ id: 1, title: "Soon", visibleFrom: new Date(Date.now() + DAY).toISOString() }),
      userLink({ id: 2, title: "Over", visibleUntil: new Date(Date.now() - DAY).toISOString(), displayOrder: 1 }),
      userLink({ id: 3, title: "Quiet", isVisible: false, displayOrder: 2 }),
    ]);
    const rows = screen.getAllByTestId("bio-link-row");
    expect(within(rows[0]!).getByTestId("bio-link-schedule").textContent).toMatch(/^Scheduled, shown from /);
    expect(within(rows[1]!).getByTestId("bio-link-schedule").textContent).toMatch(/^Expired, ended /);
    expect(rows[2]!.textContent).toContain("Hidden");
    expect(rows[2]!.hasAttribute("data-hidden")).toBe(true);
  });
});
