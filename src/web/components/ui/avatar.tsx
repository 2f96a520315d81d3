import { UserRound } from "lucide-react";
import { Avatar as AvatarPrimitive } from "radix-ui";
import { cn } from "../../lib/utils";

/**
 * The user's photo when there is one that loads, else a neutral person icon. Decorative: the
 * name always sits next to it.
 */
export function UserAvatar({
  imageUrl,
  className,
}: {
  imageUrl?: string | null;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        "relative flex size-8 shrink-0 overflow-hidden rounded-full bg-secondary",
        className,
      )}
    >
      {imageUrl ? (
        <AvatarPrimitive.Image
          src={imageUrl}
          alt=""
          referrerPolicy="no-referrer"
          className="aspect-square size-full object-cover"
        />
      ) : null}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center text-secondary-foreground">
        <UserRound className="size-5" aria-hidden="true" data-testid="default-avatar" />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
