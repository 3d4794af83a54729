import * as Menu from "@radix-ui/react-dropdown-menu";

/*
 * A dropdown menu (Radix: arrow keys, typeahead, Escape, focus return), styled once.
 *
 *   <DropdownMenu>
 *     <DropdownMenuTrigger className="…">Account</DropdownMenuTrigger>
 *     <DropdownMenuContent>
 *       <DropdownMenuLabel>Signed in as Asha</DropdownMenuLabel>
 *       <DropdownMenuItem asChild><Link to="/admin/account">My account</Link></DropdownMenuItem>
 *       <DropdownMenuSeparator />
 *       <DropdownMenuItem onSelect={…}>Sign out</DropdownMenuItem>
 *     </DropdownMenuContent>
 *   </DropdownMenu>
 *
 * It needs JavaScript to open: render a plain fallback until `useHydrated()` is true.
 */

/**
 * Not modal: the rest of the page stays readable to screen readers (a modal menu hides it with
 * aria-hidden while focusable elements remain, which axe rightly reports).
 */
export function DropdownMenu(props: Menu.DropdownMenuProps) {
  return <Menu.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;

/**
 * The open menu. It stays in place in the document (no portal), so it belongs to the landmark of
 * its trigger; it is positioned `fixed`, so a scrolling parent does not clip it.
 */
export function DropdownMenuContent({
  className = "",
  align = "end",
  ...props
}: Menu.DropdownMenuContentProps) {
  return (
    <Menu.Content
      align={align}
      sideOffset={6}
      className={`z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg ${className}`}
      {...props}
    />
  );
}

export function DropdownMenuItem({ className = "", ...props }: Menu.DropdownMenuItemProps) {
  return (
    <Menu.Item
      className={`flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 ${className}`}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className = "", ...props }: Menu.DropdownMenuLabelProps) {
  return <Menu.Label className={`px-3 py-2 text-xs text-slate-600 ${className}`} {...props} />;
}

export function DropdownMenuSeparator({
  className = "",
  ...props
}: Menu.DropdownMenuSeparatorProps) {
  return <Menu.Separator className={`my-1 h-px bg-slate-200 ${className}`} {...props} />;
}
