import { ChevronDown, LogOut, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { languages } from "../../../contract/common";
import type { User } from "../../../contract/user";
import { isLanguage } from "../../i18n/detect";
import { setLanguage } from "../../i18n/init";
import { useLanguage } from "../../i18n/use-language";
import { displayName, logout } from "../../lib/auth";
import { UserAvatar } from "../ui/avatar";
import { Button } from "../ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../ui/dropdown-menu";
import { languageNames } from "./language-switcher";

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const language = useLanguage();
  const name = displayName(user, t("userMenu.profile"));
  const firstName = user.firstName?.trim();

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 min-w-0 gap-2 px-1.5 sm:px-2">
          <UserAvatar imageUrl={user.profileImageUrl} />
          <span className="sr-only">{`${t("userMenu.open")}: `}</span>
          <span className="max-w-[6.5rem] truncate sm:max-w-[12rem]" data-testid="user-menu-name">
            {name}
          </span>
          <ChevronDown className="text-muted-foreground" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" portal={false} className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          {firstName ? <span className="truncate font-semibold">{firstName}</span> : null}
          <span className="truncate text-muted-foreground text-xs">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserRound aria-hidden="true" />
          {t("userMenu.profile")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="py-1 font-medium text-muted-foreground text-xs">
          {t("userMenu.language")}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value)) void setLanguage(value);
          }}
        >
          {languages.map((option) => (
            <DropdownMenuRadioItem key={option} value={option} lang={option}>
              {languageNames[option]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={logout}>
          <LogOut aria-hidden="true" />
          {t("userMenu.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
