import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useLogout } from "@/features/auth/api/logout";

export function LogoutButton({ className }: { className?: string }) {
  const logout = useLogout();
  return (
    <Button variant="ghost" size="sm" className={className} disabled={logout.isPending} onClick={() => logout.mutate()}>
      <LogOut aria-hidden />
      Logout
    </Button>
  );
}
