import { BACKGROUND_STYLES, BIO_CARD_DEFAULTS, CARD_STYLES, type BackgroundStyle, type CardStyle } from "@shared/constants";
import { SwitchField } from "@/components/ui/switch-field";
import { ColorField, Section, SelectField } from "./controls";
import { useBioField } from "./use-field";

type ColorName = "primaryColor" | "secondaryColor" | "boxColor" | "borderColor" | "boxShadowColor" | "themeColor";

const COLOR_LABELS: Record<ColorName, string> = {
  primaryColor: "Primary color",
  secondaryColor: "Secondary color",
  boxColor: "Box color",
  borderColor: "Border color",
  boxShadowColor: "Box shadow color",
  themeColor: "Theme color",
};

const BACKGROUND_STYLE_LABELS: Record<BackgroundStyle, string> = {
  gradient: "Gradient from the theme color",
  solid: "Solid, tinted with the theme color",
  image: "Plain dark (for background images)",
};

const CARD_STYLE_LABELS: Record<CardStyle, string> = {
  glass: "Glass: see-through and blurred",
  solid: "Solid: an opaque box",
  minimal: "Minimal: no box, just the content",
};

function CardColorField({ name }: { name: ColorName }) {
  const field = useBioField(name);
  return <ColorField label={COLOR_LABELS[name]} value={field.value} onChange={field.onChange} fallback={BIO_CARD_DEFAULTS[name]} error={field.error} />;
}

export function ColorsTab() {
  const themeIcons = useBioField("useThemeColorForIcons");
  const backgroundStyle = useBioField("backgroundStyle");
  const cardStyle = useBioField("cardStyle");
  return (
    <div className="flex flex-col gap-8">
      <Section title="Card style">
        <SelectField label="Card style" value={cardStyle.value} options={CARD_STYLES} labels={CARD_STYLE_LABELS} onChange={cardStyle.onChange} />
      </Section>
      <Section title="Text" description="Primary: the name and links. Secondary: the description, location and @username.">
        <div className="grid gap-4 sm:grid-cols-2">
          <CardColorField name="primaryColor" />
          <CardColorField name="secondaryColor" />
        </div>
      </Section>
      <Section title="Box">
        <div className="grid gap-4 sm:grid-cols-2">
          <CardColorField name="boxColor" />
          <CardColorField name="borderColor" />
          <CardColorField name="boxShadowColor" />
        </div>
      </Section>
      <Section title="Theme" description="Accents: the player, link highlights and the page background.">
        <div className="grid gap-4 sm:grid-cols-2">
          <CardColorField name="themeColor" />
          <SelectField label="Background" value={backgroundStyle.value} options={BACKGROUND_STYLES} labels={BACKGROUND_STYLE_LABELS} onChange={backgroundStyle.onChange} />
        </div>
        <SwitchField label="Use theme color for icons" checked={themeIcons.value} onChange={themeIcons.onChange} />
      </Section>
    </div>
  );
}
