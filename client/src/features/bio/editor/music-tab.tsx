import { useFormContext, useWatch } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { BioFormValues } from "./form-values";
import { CardFileField } from "./basic-tab";
import { CharacterCounter, FieldError, Section } from "./controls";

export function MusicTab() {
  const { register, formState } = useFormContext<BioFormValues>();
  const trackName = useWatch<BioFormValues, "trackName">({ name: "trackName" });
  const errors = formState.errors;
  return (
    <div className="flex flex-col gap-8">
      <Section title="Track" description="A song plays from the card's player. An uploaded file is used first, else the track URL.">
        <CardFileField name="trackCover" label="Track cover" />
        <CardFileField name="trackAudio" label="Track audio" />
        <div className="flex flex-col gap-1.5">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="bio-track-name">Track name</Label>
            <CharacterCounter id="bio-track-name-counter" length={trackName.length} max={TEXT_LIMITS.trackName} />
          </div>
          <Input
            id="bio-track-name"
            placeholder="Artist – Title"
            aria-describedby="bio-track-name-counter"
            aria-invalid={errors.trackName ? true : undefined}
            {...register("trackName")}
          />
          <FieldError message={errors.trackName?.message} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="bio-track-url">Track URL</Label>
          <Input
            id="bio-track-url"
            type="url"
            inputMode="url"
            placeholder="https://..."
            aria-invalid={errors.trackUrl ? true : undefined}
            aria-describedby="bio-track-url-hint"
            {...register("trackUrl")}
          />
          <p id="bio-track-url-hint" className="text-xs text-muted">
            A direct audio link; Google Drive and Dropbox share links work too.
          </p>
          <FieldError message={errors.trackUrl?.message} />
        </div>
      </Section>
    </div>
  );
}
