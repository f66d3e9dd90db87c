import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function UserListScreen() {
  return <ScreenPlaceholder title="Users" />;
}
