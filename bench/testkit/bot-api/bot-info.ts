/** The bot's own user as getMe answers it, in the fake Bot API. */
export const BOT_INFO = {
  id: 9000,
  is_bot: true as const,
  first_name: "Nardy",
  username: "nardy_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: true,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};
