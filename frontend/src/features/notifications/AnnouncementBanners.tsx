import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Megaphone, X } from 'lucide-react';
import { toast } from 'sonner';
import { bannerKeys, useActiveBanners, useDismissBanner } from './api';
import { errorMessage } from '../../lib/api/http';
import { openLiveSocket } from '../../lib/live/socket';
import { IconButton } from '../../ui/Button';
import styles from './AnnouncementBanners.module.css';

/**
 * The announcements in their window for this person (platform-console §2 Banners), above every
 * shell. The `announcement` event says a window opened: the banners are read again, so one pushed
 * while the page is open shows without a reload. Dismissing hides it for this person, for good.
 */
export function AnnouncementBanners({ tenantId }: { tenantId: string | null }) {
  const queryClient = useQueryClient();
  const banners = useActiveBanners(tenantId);
  const dismiss = useDismissBanner(tenantId);

  useEffect(() => {
    const socket = openLiveSocket();
    socket.on('announcement', () => void queryClient.invalidateQueries({ queryKey: bannerKeys.all }));
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);

  // A failed read shows no banner: announcements never stand in the way of the page (platform-console §8).
  if (!banners.data || banners.data.length === 0) return null;
  return (
    <section className={styles.announcements} aria-label="Announcements">
      {banners.data.map((banner) => (
        <div key={banner.id} className={styles.banner} role="status" data-announcement-id={banner.id}>
          <Megaphone size={16} aria-hidden />
          <p className={styles.text}>
            <strong>{banner.title}</strong> {banner.message}
          </p>
          <IconButton
            className={styles.dismiss}
            size="sm"
            icon={X}
            label={`Dismiss announcement: ${banner.title}`}
            onClick={() =>
              dismiss.mutate(banner.id, {
                onError: (err) => toast.error(errorMessage(err, 'The announcement could not be dismissed.')),
              })
            }
          />
        </div>
      ))}
    </section>
  );
}
