// Package seed004 mirrors models/seed004.hpp (namespace seed004): the payloads of easyjson's own benchmark.
// Entities is `small`, LargeStruct is `regular`, XLStruct is `large` (its one key is "Data").
package seed004

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -all -no_std_marshalers seed004.go

// SearchMetadata is seed004::search_metadata_t.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	Count       int32   `json:"count"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Hashtag is seed004::hashtag.
type Hashtag struct {
	Indices []int32 `json:"indices"`
	Text    string  `json:"text"`
}

// Entities is seed004::entities_t, the `small` payload.
type Entities struct {
	Hashtags     []Hashtag `json:"hashtags"`
	URLs         []*string `json:"urls"`
	UserMentions []*string `json:"user_mentions"`
}

// UserEntityDescription is seed004::user_entity_description.
type UserEntityDescription struct {
	URLs []*string `json:"urls"`
}

// URLEntity is seed004::url_entity.
type URLEntity struct {
	ExpandedURL *string `json:"expanded_url"`
	Indices     []int32 `json:"indices"`
	URL         string  `json:"url"`
}

// UserEntityURL is seed004::user_entity_url.
type UserEntityURL struct {
	URLs []URLEntity `json:"urls"`
}

// UserEntities is seed004::user_entities.
type UserEntities struct {
	Description UserEntityDescription `json:"description"`
	URL         UserEntityURL         `json:"url"`
}

// User is seed004::user_t.
type User struct {
	ContributorsEnabled            bool         `json:"contributors_enabled"`
	CreatedAt                      string       `json:"created_at"`
	DefaultProfile                 bool         `json:"default_profile"`
	DefaultProfileImage            bool         `json:"default_profile_image"`
	Description                    string       `json:"description"`
	Entities                       UserEntities `json:"entities"`
	FavouritesCount                int32        `json:"favourites_count"`
	FollowRequestSent              *string      `json:"follow_request_sent"`
	FollowersCount                 int32        `json:"followers_count"`
	Following                      *string      `json:"following"`
	FriendsCount                   int32        `json:"friends_count"`
	GeoEnabled                     bool         `json:"geo_enabled"`
	ID                             int64        `json:"id"`
	IDStr                          string       `json:"id_str"`
	IsTranslator                   bool         `json:"is_translator"`
	Lang                           string       `json:"lang"`
	ListedCount                    int32        `json:"listed_count"`
	Location                       string       `json:"location"`
	Name                           string       `json:"name"`
	Notifications                  *string      `json:"notifications"`
	ProfileBackgroundColor         string       `json:"profile_background_color"`
	ProfileBackgroundImageURL      string       `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string       `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool         `json:"profile_background_tile"`
	ProfileImageURL                string       `json:"profile_image_url"`
	ProfileImageURLHTTPS           string       `json:"profile_image_url_https"`
	ProfileLinkColor               string       `json:"profile_link_color"`
	ProfileSidebarBorderColor      string       `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string       `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string       `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool         `json:"profile_use_background_image"`
	Protected                      bool         `json:"protected"`
	ScreenName                     string       `json:"screen_name"`
	ShowAllInlineMedia             bool         `json:"show_all_inline_media"`
	StatusesCount                  int32        `json:"statuses_count"`
	TimeZone                       string       `json:"time_zone"`
	URL                            *string      `json:"url"`
	UtcOffset                      int32        `json:"utc_offset"`
	Verified                       bool         `json:"verified"`
}

// StatusMetadata is seed004::status_metadata.
type StatusMetadata struct {
	IsoLanguageCode string `json:"iso_language_code"`
	ResultType      string `json:"result_type"`
}

// Status is seed004::status.
type Status struct {
	Contributors         *string        `json:"contributors"`
	Coordinates          *string        `json:"coordinates"`
	CreatedAt            string         `json:"created_at"`
	Entities             Entities       `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Geo                  *string        `json:"geo"`
	ID                   int64          `json:"id"`
	IDStr                string         `json:"id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	InReplyToStatusID    *string        `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *string        `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	Metadata             StatusMetadata `json:"metadata"`
	Place                *string        `json:"place"`
	RetweetCount         int32          `json:"retweet_count"`
	Retweeted            bool           `json:"retweeted"`
	Source               string         `json:"source"`
	Text                 string         `json:"text"`
	Truncated            bool           `json:"truncated"`
	User                 User           `json:"user"`
}

// LargeStruct is seed004::large_struct, the `regular` payload.
type LargeStruct struct {
	SearchMetadata SearchMetadata `json:"search_metadata"`
	Statuses       []Status       `json:"statuses"`
}

// XLStruct is seed004::xl_struct, the `large` payload: 50 copies of the regular one under "Data".
type XLStruct struct {
	Data []LargeStruct `json:"Data"`
}
