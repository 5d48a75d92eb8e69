// What the /admin/users page shows of a user (admin spec §2 "Users", §9): the name with its fallback,
// the document progress cell or 'Fără progres', the file size in MB with 2 decimals. Pure, so the page
// and its unit tests read the same rules.
import { ADMIN_TEXTS } from "../texts/admin";
import { isoDay, USER_STATUSES } from "./schemas/admin-users";

export interface NamedUser {
  first_name: string | null;
  last_name: string | null;
}

export interface DocumentProgressView {
  completion_percentage: number;
  identity: number;
  bills: number;
  contracts: number;
  meter_photos: number;
}

export function userDisplayName(user: NamedUser): string {
  return [user.first_name, user.last_name].filter((part) => part && part.trim()).join(" ") || ADMIN_TEXTS.users.unknownName;
}

/** 'Fără progres' when nothing was uploaded and nothing counts towards completion. */
export function progressCell(progress: DocumentProgressView): string {
  const uploaded = progress.identity + progress.bills + progress.contracts + progress.meter_photos;
  if (uploaded === 0 && progress.completion_percentage === 0) return ADMIN_TEXTS.users.noProgress;
  return ADMIN_TEXTS.users.progressSummary(progress.completion_percentage, progress.identity, progress.bills);
}

const mbFormat = new Intl.NumberFormat("ro-RO", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec §9: file sizes in the user detail are in MB with 2 decimals. */
export function fileSizeMb(bytes: number): string {
  return ADMIN_TEXTS.users.sizeMb(mbFormat.format(bytes / (1024 * 1024)));
}

/** The list's filters: a name/phone/e-mail search, a status and a registration date range. */
export interface UserListFilters {
  search: string;
  status: string;
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTERS: UserListFilters = { search: "", status: "", dateFrom: "", dateTo: "" };

/**
 * The filters a search submitted before the page's script ran left in the address (the form works
 * without JavaScript: it is a GET of this page); anything malformed is dropped.
 */
export function filtersFromAddress(params: URLSearchParams): UserListFilters {
  const status = params.get("status") ?? "";
  const date = (name: string) => {
    const value = params.get(name) ?? "";
    return isoDay.safeParse(value).success ? value : "";
  };
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    status: (USER_STATUSES as readonly string[]).includes(status) ? status : "",
    dateFrom: date("date_from"),
    dateTo: date("date_to"),
  };
}
