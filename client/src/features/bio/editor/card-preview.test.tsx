// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { FormProvider, useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIO_CARD_DEFAULTS } from "@shared/constants";
import type { BioCard } from "@shared/types";
import { CardPreview } from "./card-preview";
import { toFormValues, type BioFormValues } from "./form-values";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const card = (changes: Partial<BioCard> = {}): BioCard => ({
  ...BIO_CARD_DEFAULTS,
  id: 1,
  userId: 7,
  viewsCount: 0,
  hidden: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  displayName: "Ada",
  bioText: null,
  location: null,
  website: null,
  twitter: null,
  github: null,
  discord: null,
  telegram: null,
  instagram: null,
  linkedin: null,
  youtube: null,
  bioAvatar: null,
  bioBanner: null,
  backgroundImage: null,
  trackCover: null,
  trackAudio: null,
  trackUrl: null,
  trackName: null,
  ...changes,
});

/** The preview as the editor holds it: inside the form, whose values it shows. */
function Preview({ stored }: { stored: BioCard }) {
  const form = useForm<BioFormValues>({ defaultValues: toFormValues(stored) });
  return (
    <FormProvider {...form}>
      <CardPreview user={{ id: 7, username: "ada", avatar: null }} profileBio={null} links={[]} ownedBadges={[]} viewsCount={stored.viewsCount} />
    </FormProvider>
  );
}

const buttonNamed = (name: string) => [...document.querySelectorAll("button")].find((button) => button.textContent?.trim() === name);
const overlay = () => document.querySelector<HTMLButtonElement>("[data-testid=preview-reveal-overlay]");

describe("the bio editor's card preview (docs/product.md \"Bio cards\")", () => {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  it("shows the card's real view count, not a sample", () => {
    act(() => root.render(<Preview stored={card({ viewsCount: 3 })} />));
    expect(container.querySelector("[data-card-views]")?.textContent).toBe("3");
  });

  it("shows the reveal overlay on demand, reading 'Click to view' and 'Click to reveal'; a click passes it and 'Show Reveal Screen Again' brings it back", () => {
    act(() => root.render(<Preview stored={card({ enableRevealScreen: true, revealScreenText: "Step inside" })} />));
    // The card itself shows first, so its colours can be seen.
    expect(overlay()).toBeNull();
    act(() => buttonNamed("Show Reveal Screen Again")!.click());

    const shown = overlay()!;
    expect([...shown.querySelectorAll("span.block")].map((line) => line.textContent)).toEqual(["Click to view", "Click to reveal"]);
    expect(document.activeElement).toBe(shown);
    expect(buttonNamed("Show Reveal Screen Again")).toBeUndefined();

    act(() => shown.click());
    expect(overlay()).toBeNull();
    expect(document.activeElement).toBe(buttonNamed("Show Reveal Screen Again"));
    act(() => buttonNamed("Show Reveal Screen Again")!.click());
    expect(overlay()).not.toBeNull();
  });

  it("has no reveal controls while the reveal screen is off", () => {
    act(() => root.render(<Preview stored={card()} />));
    expect(buttonNamed("Show Reveal Screen Again")).toBeUndefined();
    expect(overlay()).toBeNull();
  });
});
