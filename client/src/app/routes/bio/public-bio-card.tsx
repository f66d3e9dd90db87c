import { useParams } from "wouter";
import { PublicBioCardPage } from "@/features/bio-card-public/components/public-bio-card-page";

export function PublicBioCardScreen() {
  const { username = "" } = useParams<{ username: string }>();
  return <PublicBioCardPage key={username.toLowerCase()} username={username} />;
}
