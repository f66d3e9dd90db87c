import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useLogout } from "@/features/auth/api/logout";

interface LogoutButtonProps {
  className?: string;
  /** Called when the button is pressed (the side menu closes itself with it). */
  onLogout?: () => void;
  /** The icon alone below the widest screens (the top bar is full there); the name stays for screen readers. */
  compact?: boolean;
}

export function LogoutButton({ className, onLogout, compact = false }: LogoutButtonProps) {
  const logout = useLogout();
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      title={compact ? "Logout" : undefined}
      disabled={logout.isPending}
      onClick={() => {
        onLogout?.();
        logout.mutate();
      }}
    >
      <LogOut aria-hidden />
      {compact ? <span className="sr-only 2xl:not-sr-only">Logout</span> : "Logout"}
    </Button>
  );
}
