import { UserRound } from "lucide-react";
import { useState } from "react";
import { cn } from "../../lib/utils";

/**
 * The user's photo when there is one that loads, else a neutral person icon. Decorative: the
 * name always sits next to it. The icon shows until the photo has loaded, and again if it fails,
 * as Radix's Avatar did, with the platform's image events instead of its code.
 */
export function UserAvatar({
  imageUrl,
  className,
}: {
  imageUrl?: string | null;
  className?: string;
}) {
  // Whether the photo at this address loaded (true) or failed (false); unknown while it loads.
  const [status, setStatus] = useState<{ url: string; loaded: boolean } | null>(null);
  const known = imageUrl && status?.url === imageUrl ? status.loaded : undefined;
  const loaded = known === true;
  return (
    <span
      className={cn(
        "relative flex size-8 shrink-0 overflow-hidden rounded-full bg-secondary",
        className,
      )}
    >
      {imageUrl && known !== false ? (
        <img
          src={imageUrl}
          alt=""
          referrerPolicy="no-referrer"
          onLoad={() => setStatus({ url: imageUrl, loaded: true })}
          onError={() => setStatus({ url: imageUrl, loaded: false })}
          className={cn("aspect-square size-full object-cover", !loaded && "absolute opacity-0")}
        />
      ) : null}
      {loaded ? null : (
        <span className="flex size-full items-center justify-center text-secondary-foreground">
          <UserRound className="size-5" aria-hidden="true" data-testid="default-avatar" />
        </span>
      )}
    </span>
  );
}
