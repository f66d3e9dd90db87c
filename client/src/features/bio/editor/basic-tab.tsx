import { useFormContext, useWatch } from "react-hook-form";
import { BADGES, ENTER_ANIMATIONS, FILE_FIELD_KINDS, TEXT_LIMITS, USERNAME_SPARKLES, type BadgeType } from "@shared/constants";
import type { FILE_FIELDS } from "@shared/schemas/bio";
import { REVEAL_TEXT_WARNING_LENGTH } from "@/lib/ui-constants";
import type { UserBadge as UserBadgeData } from "@shared/types";
import { ENTER_ANIMATION_LABELS, SPARKLE_LABELS } from "@shared/bio-card/card-options";
import { FileUploadField } from "@/components/upload/file-upload-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LengthCounter } from "@/components/ui/length-counter";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";
import type { BioFormValues } from "./form-values";
import { SwitchField } from "@/components/ui/switch-field";
import { CharacterCounter, FieldError, Section, SelectField, SliderField } from "./controls";
import { useFileName } from "./file-names";
import { useBioField } from "./use-field";

/** An upload field bound to one of the card's file fields ("" when empty), taking the field's upload kind. */
export function CardFileField({ name, label, hint }: { name: (typeof FILE_FIELDS)[number]; label: string; hint?: string }) {
  const field = useBioField(name);
  const fileName = useFileName(field.value);
  return (
    <div className="flex flex-col gap-1">
      <FileUploadField label={label} kind={FILE_FIELD_KINDS[name]} value={field.value || null} onChange={(url) => field.onChange(url ?? "")} fileName={fileName} />
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}

function TextFields() {
  const { register, formState } = useFormContext<BioFormValues>();
  const bioText = useWatch<BioFormValues, "bioText">({ name: "bioText" });
  const displayName = useWatch<BioFormValues, "displayName">({ name: "displayName" }) ?? "";
  const location = useWatch<BioFormValues, "location">({ name: "location" }) ?? "";
  const errors = formState.errors;
  return (
    <Section title="Profile">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="bio-display-name">Display name</Label>
        <Input
          id="bio-display-name"
          placeholder="Your name on the card"
          aria-invalid={errors.displayName ? true : undefined}
          {...register("displayName")}
        />
        <LengthCounter length={displayName.length} max={TEXT_LIMITS.displayName} className="self-end text-xs text-muted" />
        <FieldError message={errors.displayName?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-3">
          <Label htmlFor="bio-description">Description</Label>
          <CharacterCounter id="bio-description-counter" length={bioText.length} max={TEXT_LIMITS.bioText} />
        </div>
        <Textarea
          id="bio-description"
          rows={4}
          placeholder="A few words about you"
          aria-describedby="bio-description-counter"
          aria-invalid={errors.bioText ? true : undefined}
          {...register("bioText")}
        />
        <FieldError message={errors.bioText?.message} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="bio-location">Location</Label>
        <Input
          id="bio-location"
          placeholder="City, country"
          aria-invalid={errors.location ? true : undefined}
          {...register("location")}
        />
        <LengthCounter length={location.length} max={TEXT_LIMITS.location} className="self-end text-xs text-muted" />
        <FieldError message={errors.location?.message} />
      </div>
    </Section>
  );
}

function RevealFields() {
  const { register, formState } = useFormContext<BioFormValues>();
  const enabled = useBioField("enableRevealScreen");
  const text = useWatch<BioFormValues, "revealScreenText">({ name: "revealScreenText" });
  return (
    <div className="flex flex-col gap-3">
      <SwitchField
        label="Enable Reveal Screen"
        description="Visitors click through a screen before the card appears"
        checked={enabled.value}
        onChange={enabled.onChange}
      />
      {enabled.value && (
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="bio-reveal-text">Reveal screen text</Label>
            <CharacterCounter id="bio-reveal-counter" length={text.length} max={TEXT_LIMITS.revealText} warnAbove={REVEAL_TEXT_WARNING_LENGTH} />
          </div>
          <Input
            id="bio-reveal-text"
            placeholder="Reveal Profile"
            aria-describedby="bio-reveal-counter"
            aria-invalid={formState.errors.revealScreenText ? true : undefined}
            {...register("revealScreenText")}
          />
          <FieldError message={formState.errors.revealScreenText?.message} />
        </div>
      )}
    </div>
  );
}

function VisibleBadges({ badges, loading }: { badges: UserBadgeData[]; loading: boolean }) {
  const field = useBioField("visibleBadges");
  const owned = badges.map((badge) => badge.badgeType);
  const shown = (type: BadgeType) => field.value === null || field.value.includes(type);

  const toggle = (type: BadgeType) => {
    const next = owned.filter((badge) => (badge === type ? !shown(badge) : shown(badge)));
    // Every owned badge chosen: back to "all", so badges earned later show too.
    field.onChange(next.length === owned.length ? null : next);
  };

  return (
    <Section title="Visible badges" description="Choose which of your badges the card shows.">
      {loading ? (
        <p className="text-sm text-muted">Loading badges...</p>
      ) : owned.length === 0 ? (
        <p className="rounded-control border border-dashed border-border px-3 py-3 text-sm text-muted">You have no badges yet.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {badges.map((badge) => {
            const checked = shown(badge.badgeType);
            return (
              <li key={badge.badgeType}>
                <label
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-control border px-3 py-2 transition-colors",
                    checked ? "border-primary/50 bg-primary/10" : "border-border bg-background/60 hover:border-muted/50",
                  )}
                >
                  <input type="checkbox" checked={checked} onChange={() => toggle(badge.badgeType)} className="size-4 shrink-0 accent-primary" />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium">{BADGES[badge.badgeType]?.label ?? badge.badgeType}</span>
                    <span className="block truncate text-xs text-muted">{BADGES[badge.badgeType]?.description}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

export function BasicTab({ badges, badgesLoading }: { badges: UserBadgeData[]; badgesLoading: boolean }) {
  const bannerBlur = useBioField("bannerBlur");
  const backgroundBlur = useBioField("backgroundImageBlur");
  const showUid = useBioField("showUid");
  const showViews = useBioField("showViews");
  const showAvatar = useBioField("showAvatar");
  const isPublic = useBioField("isPublic");
  const showBadges = useBioField("showBadges");
  const showStats = useBioField("showStats");
  const showOnlineStatus = useBioField("showOnlineStatus");
  const enterAnimation = useBioField("enterAnimation");
  const sparkles = useBioField("usernameSparkles");

  return (
    <div className="flex flex-col gap-8">
      <Section title="Visibility">
        <SwitchField
          label="Public card"
          description={isPublic.value ? "Anyone with the link can open your card" : "Only you can see your card; visitors get User Not Found"}
          checked={isPublic.value}
          onChange={isPublic.onChange}
        />
      </Section>

      <TextFields />

      <Section title="Images" description="Upload an avatar, a banner across the top of the card and a background behind it.">
        <CardFileField name="bioAvatar" label="Avatar" />
        <CardFileField name="bioBanner" label="Banner" />
        <SliderField name="bannerBlur" value={bannerBlur.value} onChange={bannerBlur.onChange} unit="px" />
        <CardFileField name="backgroundImage" label="Background image" />
        <SliderField name="backgroundImageBlur" value={backgroundBlur.value} onChange={backgroundBlur.onChange} unit="px" />
      </Section>

      <Section title="Display">
        <div className="grid gap-2">
          <SwitchField label="Show UID" checked={showUid.value} onChange={showUid.onChange} />
          <SwitchField label="Show views" checked={showViews.value} onChange={showViews.onChange} />
          <SwitchField label="Show avatar" checked={showAvatar.value} onChange={showAvatar.onChange} />
          <SwitchField label="Show stats" description="The views and UID chips" checked={showStats.value} onChange={showStats.onChange} />
          <SwitchField label="Show badges" checked={showBadges.value} onChange={showBadges.onChange} />
          <SwitchField label="Show online status" description="A dot on your avatar while you are online" checked={showOnlineStatus.value} onChange={showOnlineStatus.onChange} />
        </div>
        <RevealFields />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Enter animation" value={enterAnimation.value} options={ENTER_ANIMATIONS} labels={ENTER_ANIMATION_LABELS} onChange={enterAnimation.onChange} />
          <SelectField label="Username sparkles" value={sparkles.value} options={USERNAME_SPARKLES} labels={SPARKLE_LABELS} onChange={sparkles.onChange} />
        </div>
      </Section>

      <VisibleBadges badges={badges} loading={badgesLoading} />
    </div>
  );
}
