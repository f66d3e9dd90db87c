import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useLogout } from "@/features/auth/api/logout";

interface LogoutButtonProps {
  className?: string;
  /** Called when the button is pressed (the side menu closes itself with it). */
  onLogout?: () => void;
}

export function LogoutButton({ className, onLogout }: LogoutButtonProps) {
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      disabled={logout.isPending}
      onClick={() => {
        onLogout?.();
        logout.mutate();
      }}
    >
      <LogOut aria-hidden />
      Logout
    </Button>
  );
}
