import type { BioSliderField } from "@shared/constants";
import { Section, SliderField } from "./controls";
import { useBioField } from "./use-field";

type DimensionField = Exclude<BioSliderField, "bannerBlur" | "backgroundImageBlur">;

const UNITS: Record<DimensionField, "px" | "%"> = {
  boxWidth: "px",
  boxInnerSpacing: "px",
  boxOpacity: "%",
  boxRadius: "px",
  boxBlur: "px",
  boxShadowOpacity: "%",
  borderWidth: "px",
  borderOpacity: "%",
};

function DimensionSlider({ name }: { name: DimensionField }) {
  const field = useBioField(name);
  return <SliderField name={name} value={field.value} onChange={field.onChange} unit={UNITS[name]} />;
}

export function DimensionsTab() {
  return (
    <div className="flex flex-col gap-8">
      <Section title="Box" description="The preview is capped at 400 px wide; the public card uses the full width.">
        <DimensionSlider name="boxWidth" />
        <DimensionSlider name="boxInnerSpacing" />
        <DimensionSlider name="boxOpacity" />
        <DimensionSlider name="boxRadius" />
        <DimensionSlider name="boxBlur" />
      </Section>
      <Section title="Shadow and border">
        <DimensionSlider name="boxShadowOpacity" />
        <DimensionSlider name="borderWidth" />
        <DimensionSlider name="borderOpacity" />
      </Section>
    </div>
  );
}
