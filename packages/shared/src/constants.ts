/** Business constants from product-spec §9; both apps read them from here. */

export const PRODUCT_NAME = "PoleAtlas";
export const TAGLINE = "Spatial Intelligence for the Built World";

export const STORAGE_QUOTA_BYTES = 52_428_800; // 50 MB per user
export const STORAGE_WARNING_BYTES = 47_185_920; // 45 MB: the upload dialog's alert turns red above it
export const BYTES_PER_MB = 1_048_576;
export const QUOTA_MB = 50;

/** Sidebar usage bar: primary up to 70 %, warning above 70 %, error above 90 %. */
export const USAGE_WARNING_PERCENT = 70;
export const USAGE_ERROR_PERCENT = 90;

/** Regions group photos by longitude and latitude rounded to this many decimals. */
export const REGION_DECIMALS = 1;

export const REGION_ZOOM_HEIGHT_M = 3000;
export const REGION_FLIGHT_SECONDS = 2;
export const OVERVIEW_RETURN_HEIGHT_M = 10_000;

export const PRO_PLAN_PRICE = "$10/month";
export const PRO_PLAN_STORAGE = "50GB";

export const MIN_PASSWORD_LENGTH = 6;

export const POST_LOGIN_PATH = "/map";
export const RESET_PASSWORD_PATH = "/reset-password";
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_SUCCESS_REDIRECT_MS = 2000;

export const GLOBE_START_DELAY_MS = 100;
export const SIDE_PANEL_WIDTH_PX = 400;
export const SIDEBAR_WIDTH_PX = 240;

export const STORAGE_BUCKET = "utility-poles";
export const STORAGE_CACHE_CONTROL_SECONDS = 3600;

export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/jpg", "image/png"] as const;
export const ACCEPTED_IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png"] as const;
