export const NOT_FOUND_TITLE = 'Oops! Page Not Found or Access Denied';
export const APP_VERSION_LABEL = 'V 2.0.0';
export const PRODUCT_NAME = 'Dealer Portal';
