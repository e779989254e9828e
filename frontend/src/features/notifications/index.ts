export { AnnouncementBanners } from './AnnouncementBanners';
export { bannerKeys } from './api';
