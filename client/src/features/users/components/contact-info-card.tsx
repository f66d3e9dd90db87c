import { Contact, Globe, MapPin, type LucideIcon } from "lucide-react";
import type { ComponentType, ReactNode, SVGProps } from "react";
import type { ProfileFields } from "@shared/types";
import { DiscordIcon, GithubIcon, TelegramIcon, XIcon } from "@shared/bio-card/brand-icons";
import { EmptyState } from "@/components/empty-state";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { cleanHandle, displayWebsite, socialProfileUrl, websiteHref, type SocialPlatform } from "@/lib/social-links";

type Icon = LucideIcon | ComponentType<SVGProps<SVGSVGElement>>;

interface ContactItem {
  key: string;
  label: string;
  icon: Icon;
  value: ReactNode;
}

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="rounded-sm font-medium text-primary-hover underline-offset-4 [overflow-wrap:anywhere] transition-colors hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {children}
    </a>
  );
}

const SOCIAL: Array<{ platform: SocialPlatform; label: string; icon: Icon }> = [
  { platform: "twitter", label: "Twitter", icon: XIcon },
  { platform: "github", label: "GitHub", icon: GithubIcon },
  { platform: "telegram", label: "Telegram", icon: TelegramIcon },
];

/** The contact fields that are filled, in a fixed order, each as text or a link. */
function contactItems(profile: ProfileFields): ContactItem[] {
  const items: ContactItem[] = [];
  if (profile.location?.trim()) {
    items.push({ key: "location", label: "Location", icon: MapPin, value: profile.location.trim() });
  }
  if (profile.website?.trim()) {
    const href = websiteHref(profile.website);
    const text = displayWebsite(profile.website);
    items.push({ key: "website", label: "Website", icon: Globe, value: href ? <ExternalLink href={href}>{text}</ExternalLink> : text });
  }
  for (const { platform, label, icon } of SOCIAL) {
    const handle = cleanHandle(profile[platform] ?? "");
    const href = socialProfileUrl(platform, handle);
    if (href) items.push({ key: platform, label, icon, value: <ExternalLink href={href}>@{handle}</ExternalLink> });
  }
  const discord = cleanHandle(profile.discord ?? "");
  if (discord) items.push({ key: "discord", label: "Discord", icon: DiscordIcon, value: discord });
  return items;
}

/** Contact Information: location, website and social handles (never the email). */
export function ContactInfoCard({ profile }: { profile: ProfileFields }) {
  const items = contactItems(profile);
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      {items.length === 0 ? (
        <EmptyState icon={Contact} title="User hasn't provided contact information" className="pt-2 pb-10" />
      ) : (
        <dl className="flex flex-col gap-3.5 px-6 pb-6">
          {items.map(({ key, label, icon: ItemIcon, value }) => (
            <div key={key} className="flex items-start gap-3 text-sm">
              <span className="grid size-8 shrink-0 place-items-center rounded-control bg-surface-raised text-muted">
                <ItemIcon className="size-4" aria-hidden />
              </span>
              <div className="min-w-0">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
