import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { User } from "../../../contract/user";
import { displayName } from "../../lib/auth";
import { UserAvatar } from "../ui/avatar";
import { Button } from "../ui/button";

/** The avatar and name that open the menu: the dropdown's trigger once loaded, this before. */
export function UserMenuTrigger({
  user,
  ...props
}: { user: User } & ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  const name = displayName(user, t("userMenu.profile"));
  return (
    <Button variant="ghost" className="h-11 min-w-0 gap-2 px-1.5 sm:px-2" {...props}>
      <UserAvatar imageUrl={user.profileImageUrl} />
      <span className="sr-only">{`${t("userMenu.open")}: `}</span>
      <span className="max-w-[6.5rem] truncate sm:max-w-[12rem]" data-testid="user-menu-name">
        {name}
      </span>
      <ChevronDown className="text-muted-foreground" aria-hidden="true" />
    </Button>
  );
}
