"""Views, one module per feature. Views parse, call, render: rules live elsewhere."""
