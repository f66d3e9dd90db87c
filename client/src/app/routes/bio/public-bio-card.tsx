import { useParams } from "wouter";
import { PublicBioCardPage } from "@/features/bio/public/public-bio-card-page";

export function PublicBioCardScreen() {
  const { username = "" } = useParams<{ username: string }>();
  return <PublicBioCardPage key={username.toLowerCase()} username={username} />;
}
